/**
 * POST /api/settings/delete-account { currentPassword?, confirm: 'DELETE' } (docs/adr/0028).
 *
 * In order: the caller proves it is the owner (current password, or a recent sign-in with X for
 * an account without one) and types DELETE; every schedule stops; every connected X account is
 * disconnected (its data key destroyed, so its sealed tokens can never be opened) and its tokens
 * revoked at X; AccountDeleted is appended (the read models drop the person's rows; sign-in finds
 * nobody) and the username and e-mail are released; then the personal fields of the person's
 * events are erased in place where the store can (SQLite), the reservation streams named after an
 * e-mail, a username or an X id are renamed; finally every session of the user ends.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import { listReplies } from '@adapters/read-models/replies';
import { listSchedules } from '@adapters/read-models/scheduling';
import { listTemplateGroups, listTemplates } from '@adapters/read-models/templates';
import { listConnectedAccounts } from '@adapters/read-models/x-accounts';
import { reservationStream } from '@core/eventstore/reservation';
import type { Position, RecordedEvent, StreamName } from '@core/eventstore/types';
import { replyStream } from '@core/replies/model';
import { scheduleStream } from '@core/scheduling/schedule';
import { parseOrThrow } from '@core/shared/parse';
import { templateGroupStream } from '@core/templates/group';
import { templateStream } from '@core/templates/template';
import { redactPersonal } from '@core/users/erasure';
import { EMAIL_RESERVATION, USERNAME_RESERVATION, userStream } from '@core/users/streams';
import { X_ACCOUNT_RESERVATION, xAccountStream } from '@core/x-accounts/account';
import type { AppDeps } from '../deps';
import { currentUser, requireUser } from '../http/guards';
import { commandContext } from '../http/present';
import { settle } from '../http/route-helpers';
import { signOut } from '../http/session';
import { confirmIdentity } from '../users/reauth';

export const DELETE_CONFIRMATION = 'DELETE';

const deleteSchema = z.object(
  {
    currentPassword: z.string({ error: 'Invalid input' }).optional().transform((v) => (v === '' ? undefined : v)),
    confirm: z.literal(DELETE_CONFIRMATION, { error: `Type ${DELETE_CONFIRMATION} to confirm` }),
  },
  { error: (i) => (i.input === undefined ? 'Required' : 'Invalid input') },
);

const later = (a: Position | null, b: Position | null): Position | null => (a === null ? b : b === null ? a : a > b ? a : b);

export const deleteAccountRoute = (router: Router, deps: AppDeps): void => {
  router.post('/api/settings/delete-account', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const { currentPassword } = parseOrThrow(deleteSchema, ctx.request.body);
    await confirmIdentity(deps, ctx, user, currentPassword);
    const context = commandContext(ctx);
    const db = () => deps.projector.db;
    const log = ctx.state.log;

    // What the person owns, listed before anything goes from the read models.
    const schedules = listSchedules(db(), user.id).map((s) => s.id);
    const templates = listTemplates(db(), user.id).map((t) => t.id);
    const groups = listTemplateGroups(db(), user.id).map((g) => g.id);
    const xAccounts = listConnectedAccounts(db(), user.id).map((a) => a.id);
    const replies: string[] = [];
    for (let page = 1; ; page += 1) {
      const chunk = listReplies(db(), user.id, { page, limit: 500 }).items;
      replies.push(...chunk.map((r) => r.id));
      if (chunk.length < 500) break;
    }

    let position: Position | null = null;
    for (const id of schedules) position = later(position, await deps.schedules.stop(user.id, id, context));
    await settle(deps, position);

    let revokedAtX = 0;
    for (const id of xAccounts) {
      try {
        const { tokens } = await deps.x.accounts.disconnect(user.id, id, context);
        if (tokens !== null && deps.x.app !== null) {
          await deps.x.app.asUser(tokens).revoke();
          revokedAtX += 1;
        }
      } catch (err) {
        // The account is deleted whatever X answers; the log says which tokens may live on at X.
        log.warn({ err, accountId: id }, 'deleting an account: an X account was not disconnected or revoked cleanly');
      }
    }

    const deleted = await deps.users.deleteAccount(user, context);
    await deps.sessions.destroyForUser(user.id);
    signOut(ctx);
    await settle(deps, deleted);

    let erased = 0;
    const erase = deps.store.erase;
    if (erase !== undefined) {
      const redact = (event: RecordedEvent) => redactPersonal(event.data, event.id);
      const renamed = (kind: string): StreamName => `erased-${kind}-${randomUUID()}`;
      const streams = [
        userStream(user.id),
        ...templates.map(templateStream),
        ...groups.map(templateGroupStream),
        ...schedules.map(scheduleStream),
        ...replies.map(replyStream),
      ];
      for (const id of xAccounts) {
        const events = await deps.store.readStream(xAccountStream(id));
        const xUserId = events.map((e) => (e.data as { xUserId?: unknown }).xUserId).find((v): v is string => typeof v === 'string');
        streams.push(xAccountStream(id));
        if (xUserId) erased += await erase.call(deps.store, reservationStream(X_ACCOUNT_RESERVATION, xUserId), redact, renamed('x'));
      }
      for (const stream of streams) erased += await erase.call(deps.store, stream, redact);
      erased += await erase.call(deps.store, reservationStream(USERNAME_RESERVATION, user.username), redact, renamed('u'));
      if (user.email) erased += await erase.call(deps.store, reservationStream(EMAIL_RESERVATION, user.email), redact, renamed('e'));
    } else {
      log.warn({ userId: user.id }, 'account deleted; this event store cannot erase the personal fields of its events (docs/adr/0028)');
    }
    log.info({ userId: user.id, schedules: schedules.length, xAccounts: xAccounts.length, revokedAtX, erasedEvents: erased }, 'account deleted');
    ctx.body = { success: true, message: 'Your account and its data have been deleted.' };
  });
};


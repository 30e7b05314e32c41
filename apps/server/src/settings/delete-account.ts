/**
 * POST /api/settings/delete-account { currentPassword?, confirm: 'DELETE' } (docs/adr/0028).
 *
 * In order: the caller proves it is the owner (current password, or a recent sign-in with X for
 * an account without one) and types DELETE; every schedule stops; every connected X account is
 * disconnected (its data key destroyed, so its sealed tokens can never be opened) and its tokens
 * revoked at X; AccountDeleted is appended (the read models drop the person's rows; sign-in finds
 * nobody) and the username and e-mail are released, with the plan of the erasure on it; then the
 * personal fields of the person's events are erased (SQLite: in place, the reservation streams
 * named after an e-mail, a username or an X id renamed; KurrentDB: redacted copies, the streams
 * truncated before them), and AccountErased is recorded (adapters/account-erasure; a crash before
 * that is finished by accounts:erase).
 */
import type Router from '@koa/router';
import { z } from 'zod';
import { eraseAccount, planErasure } from '@adapters/account-erasure';
import type { Position } from '@core/eventstore/types';
import { body, validated } from '../http/validate';
import type { AppDeps } from '../deps';
import { currentUser, requireUser } from '../http/guards';
import { commandContext } from '../http/present';
import { settle } from '../http/route-helpers';
import { signOut } from '../http/session';
import { proveOwner } from '../users/ways-in';

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
  router.post('/api/settings/delete-account', requireUser, body(deleteSchema), async (ctx) => {
    const user = currentUser(ctx);
    const { currentPassword } = validated(ctx, deleteSchema);
    await proveOwner(deps, ctx, user, 'delete_account', currentPassword);
    const context = commandContext(ctx);
    const db = () => deps.projector.db;
    const log = ctx.state.log;

    // What the person owns, listed before anything goes from the read models; the plan of the
    // erasure rides on AccountDeleted, so a crash after it leaves the erasure to accounts:erase.
    const plan = await planErasure(deps.store, db(), user);
    const { schedules, xAccounts } = plan;

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

    const deleted = await deps.users.deleteAccount(user, { streams: plan.streams, reservations: plan.reservations }, context);
    await deps.sessions.destroyForUser(user.id);
    signOut(ctx);
    await settle(deps, deleted);

    // The account is deleted now; a failure here (PayPal down while its saved wallet is deleted)
    // leaves the erasure pending, and the accounts:erase job finishes it.
    let erased: number | null = 0;
    try {
      erased = await eraseAccount({ store: deps.store, clock: deps.clock, payments: deps.billing.provider }, user.id);
    } catch (err) {
      log.warn({ err, userId: user.id }, 'account deleted; its erasure failed and is tried again by the accounts:erase job');
    }
    if (erased === null) log.warn({ userId: user.id }, 'account deleted; this event store cannot erase the personal fields of its events (docs/adr/0028)');
    log.info({ userId: user.id, schedules: schedules.length, xAccounts: xAccounts.length, revokedAtX, erasedEvents: erased ?? 0 }, 'account deleted');
    ctx.body = { success: true, message: 'Your account and its data have been deleted.' };
  });
};


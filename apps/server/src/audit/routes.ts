/**
 * /api/admin/audit (docs/api.md "Audit"): a person's or a schedule's history in plain words, and a
 * stream's state as of one of its events, folded by the decider production uses (adapters/audit,
 * shared with the CLI). Admin only (the /api/admin guard and requireAdmin; a token needs the admin
 * scope). Every answered look is recorded as AuditViewed on the looked-at person's stream, with the
 * admin as the actor and the request's id.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { latestScheduleHistory, latestUserHistory, recordLook, stateAsOf, toEntries, userIdOf, type AuditFilter, type HistoryPage } from '@adapters/audit';
import { ownerOfStream } from '@adapters/read-models/audit';
import type { AuditSubjectKind } from '@core/audit/events';
import { auditHistoryQuerySchema, auditStateQuerySchema, type AuditHistoryQuery } from '@core/audit/schemas';
import { auditHistorySchema, stateAsOfSchema, type AuditHistory } from '@core/audit/views';
import type { Position } from '@core/eventstore/types';
import { scheduleStream } from '@core/scheduling/schedule';
import { AppError } from '@core/shared/errors';
import { encodeKeyCursor } from '@core/shared/paging';
import type { AppDeps } from '../deps';
import { query, responds, validated } from '../http/validate';
import { currentUser, requireAdmin } from '../http/guards';
import { idParam } from '../http/route-helpers';
import { answerNextCursor } from '../http/paging';

const scheduleNotFound = () => new AppError('not_found', 'No such schedule', { field: 'scheduleId', reason: 'SCHEDULE_NOT_FOUND' });

const filterOf = (q: AuditHistoryQuery): AuditFilter => ({ from: q.from, to: q.to, types: q.type, ...(typeof q.cursor === 'string' ? { before: q.cursor as Position } : {}) });

export const auditRoutes = (deps: AppDeps): Router => {
  const router = new Router({ sensitive: true, strict: true });
  const audit = () => ({ store: deps.store, db: deps.projector.db });

  const look = (ctx: Context, subjectKind: AuditSubjectKind, subject: string, subjectUserId: string | null) =>
    recordLook(deps.store, { viewerId: currentUser(ctx).id, subjectKind, subject, subjectUserId, requestId: ctx.state.requestId, time: deps.clock().toISOString() });

  /**
   * The answer, and by cursor (the query names one) the next page's in X-Next-Cursor: the
   * position of this page's oldest entry, where the older ones start.
   */
  const history = (ctx: Context, query: AuditHistoryQuery, subject: AuditHistory['subject'], page: HistoryPage): AuditHistory => {
    const oldest = page.events[0];
    if (query.cursor !== undefined) answerNextCursor(ctx, page.truncated && oldest !== undefined ? encodeKeyCursor(oldest.position) : null, query.limit);
    return { subject, entries: toEntries(deps.projector.db, page.events), total: page.total, truncated: page.truncated };
  };

  router.get('/api/admin/audit/users/:username', requireAdmin, query(auditHistoryQuerySchema), responds(200, auditHistorySchema), async (ctx) => {
    const query = validated(ctx, auditHistoryQuerySchema);
    const username = String((ctx.params as { username?: string }).username ?? '');
    const userId = await userIdOf(deps.store, username);
    const answer = history(ctx, query, { kind: 'user', label: username, userId }, await latestUserHistory(audit(), userId, filterOf(query), query.limit));
    await look(ctx, 'user', username, userId);
    ctx.body = answer;
  });

  router.get('/api/admin/audit/schedules/:id', requireAdmin, query(auditHistoryQuerySchema), responds(200, auditHistorySchema), async (ctx) => {
    const query = validated(ctx, auditHistoryQuerySchema);
    const scheduleId = idParam(ctx, scheduleNotFound);
    const owner = ownerOfStream(deps.projector.db, scheduleStream(scheduleId));
    const answer = history(ctx, query, { kind: 'schedule', label: scheduleId, userId: owner }, await latestScheduleHistory(audit(), scheduleId, filterOf(query), query.limit));
    await look(ctx, 'schedule', scheduleId, owner);
    ctx.body = answer;
  });

  router.get('/api/admin/audit/state', requireAdmin, query(auditStateQuerySchema), responds(200, stateAsOfSchema), async (ctx) => {
    const { stream, position } = validated(ctx, auditStateQuerySchema);
    const padded = position.padStart(20, '0') as Position;
    const answer = await stateAsOf(deps.store, stream, { position: padded });
    // The event picked must be one of the stream's: a position elsewhere in the store names no moment of it.
    if (answer.asOf?.position !== padded) throw new AppError('not_found', `No event at position ${position} in stream '${stream}'`, { field: 'position', reason: 'EVENT_NOT_FOUND' });
    await look(ctx, 'stream', stream, ownerOfStream(deps.projector.db, stream));
    ctx.body = answer;
  });

  return router;
};

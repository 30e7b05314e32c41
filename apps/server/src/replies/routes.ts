/**
 * Replies (docs/api.md "Replies"): the user's reply history, the ready-to-send
 * queue and its counts, marking a reply sent or skipping it, sending again one that did not go
 * out; and the admin's Scheduler Test calls
 * (test schedules, running one now, a direct reply, the recent replies), admin-only on the server.
 *
 * Every user call is the signed-in user's own: another user's reply answers 404 'Reply not found'
 * like an id that never existed. Writes go through the reply's decider (core/replies), wait for
 * the read model, and answer the reply as it now stands.
 */
import { MAX_FRESHNESS_MINUTES } from '@core/scheduling/post-rule';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { findActiveConnectedAccount, listConnectedAccounts } from '@adapters/read-models/x-accounts';
import { findReply, listReplies, listRepliesAfter, readyReplies, recentRepliesForAdmin, replyById, replySummary, type ReplyView } from '@adapters/read-models/replies';
import { findVisibleAccount } from '@adapters/read-models/monitoring';
import { findSchedule } from '@adapters/read-models/scheduling';
import { monitoringActorOf } from '@core/monitoring';
import { REPLY_MESSAGES, REPLY_STATUSES, TEST_TOOL_CHECKS as CHECKS } from '@core/replies';
import { replyViewSchema } from '@core/replies/views';
import type { ScheduleDraft } from '@core/scheduling';
import { AppError } from '@core/shared/errors';
import { encodeKeyCursor, keyCursorOnRequest, LIST_PAGE, PAGING_MESSAGES } from '@core/shared/paging';
import { isWritingStyle, type WritingStyle } from '@core/styles';
import type { User } from '@core/users/state';
import { canUseReplies } from '@core/users/tier';
import { postUrlOrNull } from '@core/x';
import type { AppDeps } from '../deps';
import { body, noBody, query, responds, validated } from '../http/validate';
import { currentUser, requireAdmin, requireUser } from '../http/guards';
import { commandContext } from '../http/present';
import { answerNextCursor } from '../http/paging';
import { readBack, type settle } from '../http/route-helpers';
import { tiersOf } from '@adapters/read-models/monitoring';
import { readyOrder } from '@core/replies/rules/ready-order';

const notFound = () => new AppError('not_found', REPLY_MESSAGES.notFound, { reason: 'REPLY_NOT_FOUND' });

/** Reply ids are uuids, or a schedule's id and a slot (`<uuid>:<ms>`); anything else names none. */
const REPLY_ID = /^[A-Za-z0-9-]{1,64}(?::\d{1,16})?$/;
const replyIdParam = (ctx: Pick<Context, 'params'>): string => {
  const id = (ctx.params as { id?: string }).id ?? '';
  if (!REPLY_ID.test(id)) throw notFound();
  return id;
};

const SHOWN_STATUSES = [...REPLY_STATUSES, 'canceled'] as const;
const PAGE_SIZES = [10, 25, 50, 100] as const;

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : one(v));

const PAGE_MESSAGE = 'Page must be a whole number from 1';
const SIZE_MESSAGE = 'Limit must be 10, 25, 50 or 100';

/**
 * The history's query: the spec's numbered pages (`page`, `limit` of 10, 25, 50 or 100), or, when
 * the request names `cursor` (empty for the first page), pages by key cursor in the same order
 * (core/shared/paging.ts: 100 by default, at most 500), which a list growing meanwhile cannot
 * shift. The two are not mixed in one request.
 */
const listQuerySchema = z
  .object({
    page: z.preprocess(blankToUndefined, z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).max(1_000_000, { error: 'Page is too large' }).optional()),
    limit: z
      .preprocess(blankToUndefined, z.coerce.number({ error: SIZE_MESSAGE }).optional())
      .describe(`${SIZE_MESSAGE} with numbered pages (default 25); with a cursor 1 to ${LIST_PAGE.max} (default ${LIST_PAGE.default})`),
    cursor: keyCursorOnRequest,
    search: z.preprocess(one, z.string().max(200, { error: 'Search must be at most 200 characters' }).optional()),
    status: z.preprocess(blankToUndefined, z.enum(SHOWN_STATUSES, { error: 'Unknown status' }).optional()),
  })
  .superRefine((q, ctx) => {
    if (q.cursor !== undefined && q.page !== undefined) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Ask for a page or a cursor, not both' });
    if (q.limit === undefined) return;
    const fits = q.cursor === undefined ? (PAGE_SIZES as readonly number[]).includes(q.limit) : Number.isInteger(q.limit) && q.limit >= 1 && q.limit <= LIST_PAGE.max;
    if (!fits) ctx.addIssue({ code: 'custom', path: ['limit'], message: q.cursor === undefined ? SIZE_MESSAGE : PAGING_MESSAGES.limit(LIST_PAGE.max) });
  })
  .transform(({ page, limit, cursor, search, status }) => {
    const filter = { ...(search === undefined ? {} : { search }), ...(status === undefined ? {} : { status }) };
    return cursor === undefined
      ? { by: 'page' as const, page: page ?? 1, limit: limit ?? 25, filter }
      : { by: 'cursor' as const, after: cursor, limit: limit ?? LIST_PAGE.default, filter };
  });

const markSentSchema = z.object({
  replyUrl: z
    .string({ error: 'A link to the reply on X, or its id' })
    .trim()
    .max(500, { error: 'The link is too long' })
    .nullish(),
});

/** The reply's id on X from a link to it (x.com/<name>/status/<id>) or the id itself. */
const replyPostIdOf = (value: string | null | undefined): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (/^\d{1,25}$/.test(value)) return value;
  // x.com/<name>/status/<id>, x.com/i/web/status/<id>, twitter.com, or Sandbox X's address.
  const match = /^https?:\/\/[^/\s]+\/(?:[^/\s]+\/){1,3}status(?:es)?\/(\d{1,25})(?:[/?#]\S*)?$/i.exec(value);
  if (match?.[1] === undefined) throw new AppError('validation', 'Paste the link of your reply on X (…/status/<id>) or its id', { field: 'replyUrl' });
  return match[1];
};

const limitSchema = z.object({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Limit must be a whole number from 1 to 100' }).int({ error: 'Limit must be a whole number from 1 to 100' }).min(1, { error: 'Limit must be a whole number from 1 to 100' }).max(100, { error: 'Limit must be a whole number from 1 to 100' }).default(20),
  ),
});

const idField = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(64, { error: message }).regex(/^[A-Za-z0-9-]+$/, { error: message });

/** The Scheduler Test's checks answer with the page's own words (spec part 2 §5), on the field. */
const contentField = z.string({ error: CHECKS.contentRequired.description }).max(25_000, { error: 'Content is too long' }).optional().default('');

const testScheduleSchemaFor = (version: 1 | 2) =>
  z.object({
    accountId: idField((version === 2 ? CHECKS.accountRequiredV2 : CHECKS.accountRequired).description),
    connectedAccountId: idField(CHECKS.connectedRequired.description).nullish(),
    isOnetime: z.boolean().optional().default(true),
    isActive: z.boolean().optional().default(true),
    useAi: z.boolean().optional().default(false),
    viralStyle: z.string().max(64).nullish(),
    content: contentField,
    startDate: z.iso.datetime({ offset: true, error: 'startDate must be an ISO date and time' }).optional(),
  });
const testScheduleSchemas = { 1: testScheduleSchemaFor(1), 2: testScheduleSchemaFor(2) } as const;

const executeTestScheduleSchema = z.object({ scheduleId: idField('scheduleId is required') });

const directReplySchema = z.object({
  accountId: idField(CHECKS.targetRequired.description),
  connectedAccountId: idField(CHECKS.connectedRequired.description),
  postId: z.string({ error: CHECKS.postIdRequired.description }).trim().regex(/^\d{1,25}$/, { error: CHECKS.postIdRequired.description }),
  content: contentField,
  useAi: z.boolean().optional().default(false),
  viralStyle: z.string().max(64).nullish(),
});

const styleOf = (useAi: boolean, viralStyle: string | null | undefined): WritingStyle | null => {
  if (!useAi) return null;
  if (viralStyle === undefined || viralStyle === null || viralStyle === '') throw new AppError('validation', 'Please select a viral style', { field: 'viralStyle' });
  if (!isWritingStyle(viralStyle)) throw new AppError('validation', 'Unknown viral style', { field: 'viralStyle' });
  return viralStyle;
};

// What the user's reply calls answer (the OpenAPI document's response schemas, checked against real answers).
/** A reply with its links on X (the server knows X's web address). */
const linkedReplySchema = replyViewSchema.extend({ replyUrl: z.string().nullable(), postUrl: z.string().nullable() });
type LinkedReply = z.output<typeof linkedReplySchema>;
const replyActionAnswers = [
  responds(200, linkedReplySchema, 'The reply as it now reads'),
  responds(202, z.object({ success: z.literal(true), id: z.string(), pending: z.literal(true) }), 'Recorded; the read side has not caught up yet'),
];

export const replyRoutes = (deps: AppDeps): Router => {
  const router = new Router({ sensitive: true, strict: true });
  const db = () => deps.projector.db;
  const now = () => deps.clock().toISOString();
  const webUrl = () => deps.x.app?.webUrl ?? 'https://x.com';

  /** The reply with its links to X: the reply itself (once it has an id) and the post it answers. */
  const withLinks = (r: ReplyView): LinkedReply => ({
    ...r,
    replyUrl: postUrlOrNull(webUrl(), r.connectedUsername, r.replyPostId),
    postUrl: postUrlOrNull(webUrl(), r.targetUsername, r.postId),
  });

  const answerReply = async (ctx: Context, userId: string | null, written: { replyId: string; position: Parameters<typeof settle>[1] }) => {
    const find = () => (userId === null ? replyById(db(), written.replyId) : findReply(db(), userId, written.replyId));
    const view = await readBack(deps, written, find);
    const shown = view ?? find();
    if (shown === null) {
      ctx.status = 202;
      ctx.body = { success: true, id: written.replyId, pending: true };
      return;
    }
    // The Scheduler Test's answer says when X refused the account's tokens (spec part 2 §7:
    // needsTokenRefresh), so the page offers Refresh X Token.
    ctx.body = userId === null ? { ...withLinks(shown), needsTokenRefresh: shown.badge.authFailed } : withLinks(shown);
  };

  const replyPage = z.object({
    items: z.array(linkedReplySchema),
    total: z.number().int(),
    page: z.number().int().nullable().describe('The numbered page; null when paged by cursor (the next one is in X-Next-Cursor)'),
    limit: z.number().int(),
  });
  router.get('/api/replies', requireUser, query(listQuerySchema), responds(200, replyPage), (ctx) => {
    const query = validated(ctx, listQuerySchema);
    const userId = currentUser(ctx).id;
    if (query.by === 'page') {
      const { items, total } = listReplies(db(), userId, { page: query.page, limit: query.limit, ...query.filter });
      ctx.body = { items: items.map(withLinks), total, page: query.page, limit: query.limit };
      return;
    }
    // The cursor's key is the row id of the last reply shown (adapters/read-models/replies).
    const after = query.after === null ? null : /^\d{1,19}$/.test(query.after) ? BigInt(query.after) : undefined;
    const found = after === undefined ? null : listRepliesAfter(db(), userId, { after, limit: query.limit, ...query.filter });
    if (found === null) throw new AppError('validation', PAGING_MESSAGES.cursor, { field: 'cursor' });
    answerNextCursor(ctx, found.more && found.last !== null ? encodeKeyCursor(String(found.last)) : null, query.limit);
    ctx.body = { items: found.items.map(withLinks), total: found.total, page: null, limit: query.limit };
  });

  router.get('/api/replies/ready', requireUser, responds(200, z.object({ items: z.array(linkedReplySchema), total: z.number().int() })), (ctx) => {
    const found = readyReplies(db(), currentUser(ctx).id, now());
    const tiers = tiersOf(db(), found.map((r) => r.accountId));
    const items = readyOrder(found, (id) => tiers.get(id) ?? null);
    ctx.body = { items: items.map(withLinks), total: items.length };
  });

  router.get('/api/replies/summary', requireUser, responds(200, z.object({ ready: z.number().int(), unconfirmed: z.number().int() })), (ctx) => {
    ctx.body = replySummary(db(), currentUser(ctx).id, now());
  });

  router.post('/api/replies/:id/mark-sent', requireUser, body(markSentSchema, { emptyAs: {} }), ...replyActionAnswers, async (ctx) => {
    const user = currentUser(ctx);
    const id = replyIdParam(ctx);
    const input = validated(ctx, markSentSchema);
    const replyPostId = replyPostIdOf(input.replyUrl);
    if (findReply(db(), user.id, id) === null) throw notFound();
    const written = await deps.dispatcher.userAction(id, { type: 'MarkSentByUser', userId: user.id, replyPostId, now: now() });
    await answerReply(ctx, user.id, written);
  });

  router.post('/api/replies/:id/skip', requireUser, noBody, ...replyActionAnswers, async (ctx) => {
    const user = currentUser(ctx);
    const id = replyIdParam(ctx);
    if (findReply(db(), user.id, id) === null) throw notFound();
    const written = await deps.dispatcher.userAction(id, { type: 'SkipByUser', userId: user.id, now: now() });
    await answerReply(ctx, user.id, written);
  });

  // A reply that did not go out, sent again by its user: the scheduler sends it (the plan's limits
  // apply to that send too); a user whose plan allows no reply is told so here, before anything.
  router.post('/api/replies/:id/resend', requireUser, noBody, ...replyActionAnswers, async (ctx) => {
    const user = currentUser(ctx);
    const id = replyIdParam(ctx);
    if (findReply(db(), user.id, id) === null) throw notFound();
    if (!canUseReplies(user, deps.clock(), { legacyUsernames: deps.config.legacyUsernames })) {
      throw new AppError('payment_required', REPLY_MESSAGES.trialOver, { reason: 'TRIAL_EXPIRED' });
    }
    const written = await deps.dispatcher.userAction(id, { type: 'ResendByUser', userId: user.id, now: now() });
    await answerReply(ctx, user.id, written);
  });

  // ---- Admin: Scheduler Test ------------------------------------------------------------------

  router.get('/api/admin/recent-replies', requireAdmin, query(limitSchema), (ctx) => {
    const { limit } = validated(ctx, limitSchema);
    ctx.body = recentRepliesForAdmin(db(), limit);
  });

  /** The admin's connected account: the one named, else their first active one. */
  const connectedFor = (user: User, id: string | null | undefined): { id: string; username: string } => {
    if (id !== undefined && id !== null) {
      const found = findActiveConnectedAccount(db(), user.id, id);
      if (found === null) throw new AppError('validation', CHECKS.connectedRequired.description, { field: 'connectedAccountId' });
      return found;
    }
    const first = listConnectedAccounts(db(), user.id).find((a) => a.isActive);
    if (first === undefined) throw new AppError('validation', 'Connect an X account first', { field: 'connectedAccountId', reason: 'NO_CONNECTED_ACCOUNT' });
    return { id: first.id, username: first.username };
  };

  const targetFor = (user: User, id: string, notFound: string) => {
    const target = findVisibleAccount(db(), monitoringActorOf(user, { legacyUsernames: deps.config.legacyUsernames }, deps.clock()), id);
    if (target === null) throw new AppError('validation', notFound, { field: 'accountId' });
    return target;
  };

  const createTestSchedule = (version: 1 | 2) => async (ctx: Context) => {
    const user = currentUser(ctx);
    const body = validated(ctx, testScheduleSchemas[version]);
    const style = styleOf(body.useAi, body.viralStyle);
    if (style === null && body.content.trim() === '') throw new AppError('validation', CHECKS.contentRequired.description, { field: 'content' });
    const target = targetFor(user, body.accountId, (version === 2 ? CHECKS.accountRequiredV2 : CHECKS.accountRequired).description);
    const connected = connectedFor(user, body.connectedAccountId);
    const at = body.startDate === undefined ? null : Date.parse(body.startDate);
    // A test schedule runs once: at its start date when that is ahead, at once otherwise.
    const draft: ScheduleDraft = {
      targetAccountId: target.id,
      connectedAccountId: connected.id,
      content: style === null ? { kind: 'text', text: body.content } : { kind: 'ai', style, baseText: body.content.trim() === '' ? null : body.content },
      imageUrl: null,
      plan: at !== null && at > deps.clock().getTime() ? { kind: 'once', at: new Date(at).toISOString() } : { kind: 'immediate' },
      // A test answers what the target has posted lately: the freshest post of the day, never a wait.
      post: { kind: 'freshest', freshnessMinutes: MAX_FRESHNESS_MINUTES },
    };
    const written = await deps.schedules.create(user, draft, commandContext(ctx));
    const schedule = await readBack(deps, written, () => findSchedule(db(), user.id, written.id));
    ctx.status = schedule === null ? 202 : 201;
    ctx.body = { ...(schedule ?? { pending: true }), success: true, id: written.id, scheduleId: written.id, ...(version === 2 ? { version: 2 } : {}) };
  };
  router.post('/api/admin/create-test-schedule', requireAdmin, body(testScheduleSchemas[1], { emptyAs: {} }), createTestSchedule(1));
  router.post('/api/admin/create-test-schedule-v2', requireAdmin, body(testScheduleSchemas[2], { emptyAs: {} }), createTestSchedule(2));

  const runNow = async (ctx: Context, scheduleId: string) => {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(scheduleId)) throw new AppError('not_found', 'Schedule not found', { reason: 'SCHEDULE_NOT_FOUND' });
    const written = await deps.dispatcher.runSchedule(scheduleId);
    await answerReply(ctx, null, written);
  };
  router.post('/api/admin/run-test-schedule/:id', requireAdmin, noBody, async (ctx) => runNow(ctx, (ctx.params as { id: string }).id));
  router.post('/api/admin/execute-test-schedule-v2', requireAdmin, body(executeTestScheduleSchema, { emptyAs: {} }), async (ctx) => {
    const { scheduleId } = validated(ctx, executeTestScheduleSchema);
    await runNow(ctx, scheduleId);
  });

  const directReply = async (ctx: Context) => {
    const user = currentUser(ctx);
    const body = validated(ctx, directReplySchema);
    const style = styleOf(body.useAi, body.viralStyle);
    if (style === null && body.content.trim() === '') throw new AppError('validation', CHECKS.contentRequired.description, { field: 'content' });
    const target = targetFor(user, body.accountId, CHECKS.targetRequired.description);
    const connected = connectedFor(user, body.connectedAccountId);
    const written = await deps.dispatcher.directReply({
      userId: user.id,
      targetAccountId: target.id,
      targetUsername: target.username,
      connectedAccountId: connected.id,
      connectedUsername: connected.username,
      postId: body.postId,
      text: body.content,
      style,
    });
    await answerReply(ctx, null, written);
  };
  router.post('/api/admin/execute-direct-reply', requireAdmin, body(directReplySchema, { emptyAs: {} }), directReply);
  router.post('/api/admin/execute-direct-reply-v2', requireAdmin, body(directReplySchema, { emptyAs: {} }), directReply);

  return router;
};

/**
 * The replies read model: its projection (core/replies/projection.ts, the `replies` table) and
 * every query over that table, side by side. Nothing else names the table: the reply history, the
 * ready queue, a schedule's replies, the admin's recent replies, the dashboard's figures, the
 * accounts activity and the dispatch jobs call these functions (ADR 0018).
 *
 * User lists are always filtered by the owner: someone else's reply is "not found". Answers are
 * the views of core/replies/views.ts; links to X are added by the caller, which knows X's web
 * address (the real X or the sandbox emulator).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { ActivityItem } from '@core/dashboard/views';
import { repliesProjection as repliesBase } from '@core/replies/projection';
import { erasingAccounts } from '@core/users/erasure';
import { pageOf, type Page, type PageWindow } from '@core/shared/paging';

import { adminRecentReply, replyView, statusBadge, statusReason, type AdminRecentReply, type ReplyRow, type ReplyView } from '@core/replies/views';
import { FAILURE_STATUSES, type DeliveryMode } from '@core/replies/model';
import type { PostUsage } from '@core/replies/rules/x-budget';
import type { LatestRunView } from '@core/scheduling/run-state';

/** The projection, also removing a deleted account's replies (ADR 0028). */
export const repliesProjection = erasingAccounts(repliesBase, (userId) => [
  { sql: 'DELETE FROM x_post_attempts WHERE user_id = @userId', params: { userId } },
  { sql: 'DELETE FROM replies WHERE user_id = @userId', params: { userId } },
]);
export type { AdminRecentReply, ReplyRow, ReplyView };

const COLUMNS = `id, post_id, post_text, post_created_at, reply_post_id, content, image_url, template_id, scheduled_id, account_id, connected_account_id, status,
  status_message, sent_at, sent_via, user_id, target_username, connected_username, mode, intent_url, expires_at, retry_at, slot,
  ai_fallback, created_at, updated_at`;

/** A LIKE pattern matching `text` literally anywhere (case-insensitive for ASCII, as SQLite's LIKE is). */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ReplyFilter {
  /** Matched in the content, the target and connected account names and the status. */
  search?: string;
  status?: string;
}

export interface ReplyListQuery extends ReplyFilter {
  page: number;
  limit: number;
}

/** The WHERE clause of the user's replies that match the filter, and its parameters. */
const matching = (userId: string, filter: ReplyFilter): { clause: string; params: Record<string, unknown> } => {
  const where = ['user_id = @userId'];
  const params: Record<string, unknown> = { userId };
  const search = filter.search?.trim() ?? '';
  if (search !== '') {
    where.push(
      `(content LIKE @search ESCAPE '\\' OR target_username LIKE @search ESCAPE '\\' OR connected_username LIKE @search ESCAPE '\\' OR status LIKE @search ESCAPE '\\')`,
    );
    params.search = containing(search);
  }
  if (filter.status !== undefined && filter.status !== '') {
    where.push('status = @status');
    params.status = filter.status;
  }
  return { clause: where.join(' AND '), params };
};

const countMatching = (db: ReadDb, clause: string, params: Record<string, unknown>): number =>
  Number(db.prepare(`SELECT count(*) FROM replies WHERE ${clause}`).pluck().get(params) ?? 0);

/** The user's replies, newest first, one page at a time, with the count of all that match. */
export const listReplies = (db: ReadDb, userId: string, query: ReplyListQuery): { items: ReplyView[]; total: number } => {
  const { clause, params } = matching(userId, query);
  const total = countMatching(db, clause, params);
  const rows = db
    .prepare<[Record<string, unknown>], ReplyRow>(`SELECT ${COLUMNS} FROM replies WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: query.limit, offset: (query.page - 1) * query.limit });
  return { items: rows.map(replyView), total };
};

/**
 * A page of the same order read by key (core/shared/paging.ts, key cursor): the replies after the
 * one whose row id is `after`, so replies made while a client walks the pages (they sort first)
 * move no reply already listed. `key` of the page's last reply is where the next page starts; null
 * when `after` names no reply of this user (the cursor is stale or made up).
 */
export const listRepliesAfter = (
  db: ReadDb,
  userId: string,
  query: ReplyFilter & { after: bigint | null; limit: number },
): { items: ReplyView[]; total: number; more: boolean; last: bigint | null } | null => {
  const { clause, params } = matching(userId, query);
  let from: { sql: string; params: Record<string, unknown> } = { sql: '', params: {} };
  if (query.after !== null) {
    const at = db.prepare<[bigint, string], { created_at: string }>('SELECT created_at FROM replies WHERE rowid = ? AND user_id = ?').get(query.after, userId);
    if (at === undefined) return null;
    from = { sql: ' AND (created_at, rowid) < (@afterAt, @after)', params: { afterAt: at.created_at, after: query.after } };
  }
  const rows = db
    .prepare<[Record<string, unknown>], ReplyRow & { key: number | bigint }>(
      `SELECT rowid AS key, ${COLUMNS} FROM replies WHERE ${clause}${from.sql} ORDER BY created_at DESC, rowid DESC LIMIT @limit`,
    )
    .all({ ...params, ...from.params, limit: query.limit + 1 });
  const page = pageOf(rows, query.limit);
  const last = page.items.at(-1);
  return { items: page.items.map(replyView), total: countMatching(db, clause, params), more: page.more, last: last === undefined ? null : BigInt(last.key) };
};

/** How many replies are in each status, every user's together (the /metrics figure). */
export const replyCountsByStatus = (db: ReadDb): { status: string; count: number }[] =>
  db.prepare<[], { status: string; count: number }>('SELECT status, COUNT(*) AS count FROM replies GROUP BY status').all();

export const findReply = (db: ReadDb, userId: string, id: string): ReplyView | null => {
  const row = db.prepare<[string, string], ReplyRow>(`SELECT ${COLUMNS} FROM replies WHERE id = ? AND user_id = ?`).get(id, userId);
  return row === undefined ? null : replyView(row);
};

/** Any user's reply by id (the scheduler test pages, the jobs). */
export const replyById = (db: ReadDb, id: string): ReplyView | null => {
  const row = db.prepare<[string], ReplyRow>(`SELECT ${COLUMNS} FROM replies WHERE id = ?`).get(id);
  return row === undefined ? null : replyView(row);
};

/** Ready replies the user can still post, the one expiring first first (the route orders them by worth: rules/ready-order). */
export const readyReplies = (db: ReadDb, userId: string, now: string): ReplyView[] =>
  db
    .prepare<[string, string], ReplyRow>(
      `SELECT ${COLUMNS} FROM replies WHERE user_id = ? AND status = 'ready' AND (expires_at IS NULL OR expires_at > ?) ORDER BY expires_at, created_at, rowid`,
    )
    .all(userId, now)
    .map(replyView);

/** The counts of the sidebar and dashboard badge. */
export const replySummary = (db: ReadDb, userId: string, now: string): { ready: number; unconfirmed: number } => {
  const row = db
    .prepare<[{ userId: string; now: string }], { ready: number | null; unconfirmed: number | null }>(
      `SELECT sum(CASE WHEN status = 'ready' AND (expires_at IS NULL OR expires_at > @now) THEN 1 ELSE 0 END) AS ready,
              sum(CASE WHEN status = 'unconfirmed' THEN 1 ELSE 0 END) AS unconfirmed
         FROM replies WHERE user_id = @userId AND status IN ('ready', 'unconfirmed')`,
    )
    .get({ userId, now });
  return { ready: Number(row?.ready ?? 0), unconfirmed: Number(row?.unconfirmed ?? 0) };
};

/**
 * The user's replies prepared and not on X yet: waiting for their time, held by a limit, or ready
 * for the user to post (the trial's "N prepared").
 */
export const countPreparedReplies = (db: ReadDb, userId: string): number =>
  Number(db.prepare(`SELECT count(*) FROM replies WHERE user_id = ? AND status IN ('pending', 'rate_limited', 'ready')`).pluck().get(userId) ?? 0);

/** A schedule's replies, newest first (the caller has checked the schedule is the user's). */
export const scheduleReplies = (db: ReadDb, userId: string, scheduleId: string): ReplyView[] =>
  db
    .prepare<[string, string], ReplyRow>(`SELECT ${COLUMNS} FROM replies WHERE scheduled_id = ? AND user_id = ? ORDER BY created_at DESC, rowid DESC`)
    .all(scheduleId, userId)
    .map(replyView);

/** One page of scheduleReplies' order (core/shared/paging.ts): only the page is read. */
export const scheduleRepliesPage = (db: ReadDb, userId: string, scheduleId: string, { offset, limit }: PageWindow): Page<ReplyView> => {
  const rows = db
    .prepare<[string, string, number, number], ReplyRow>(`SELECT ${COLUMNS} FROM replies WHERE scheduled_id = ? AND user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
    .all(scheduleId, userId, limit + 1, offset);
  const page = pageOf(rows, limit);
  return { items: page.items.map(replyView), more: page.more };
};

/**
 * The latest run of each schedule (its reply of the latest slot), for the schedules lists: one
 * query for all the ids. Links to X are added by the caller.
 */
export const latestRunsBySchedule = (db: ReadDb, scheduleIds: readonly string[]): Map<string, LatestRunView> => {
  const out = new Map<string, LatestRunView>();
  if (scheduleIds.length === 0) return out;
  const rows = db
    .prepare<[string], ReplyRow>(
      `SELECT ${COLUMNS} FROM replies WHERE scheduled_id IN (SELECT value FROM json_each(?)) ORDER BY scheduled_id, slot DESC, created_at DESC, rowid DESC`,
    )
    .all(JSON.stringify(scheduleIds));
  for (const r of rows) {
    if (r.scheduled_id === null || out.has(r.scheduled_id)) continue;
    const v = replyView(r);
    out.set(r.scheduled_id, {
      slot: v.slot,
      status: v.status,
      statusMessage: v.statusMessage,
      replyPostId: v.replyPostId,
      connectedUsername: v.connectedUsername,
      replyUrl: null,
      intentUrl: v.intentUrl,
      sentAt: v.sentAt,
      postCreatedAt: v.postCreatedAt,
    });
  }
  return out;
};

/** The newest replies of everyone (the admin's Scheduler Test page). */
export const recentRepliesForAdmin = (db: ReadDb, limit: number): AdminRecentReply[] =>
  db
    .prepare<[number], ReplyRow>(`SELECT ${COLUMNS} FROM replies ORDER BY created_at DESC, rowid DESC LIMIT ?`)
    .all(limit)
    .map(adminRecentReply);

/** The texts of the user's latest replies on X, newest first: their voice, for the AI writer (core/ai/context.ts). */
export const recentSentTexts = (db: ReadDb, userId: string, limit: number): string[] =>
  db
    .prepare<[string, number], string>(`SELECT content FROM replies WHERE user_id = ? AND status = 'sent' ORDER BY sent_at DESC LIMIT ?`)
    .pluck()
    .all(userId, limit);

/** When the user's replies of the last hour went out (the hourly cap). */
export const sentAtSince = (db: ReadDb, userId: string, since: string): string[] =>
  db.prepare<[string, string], string>(`SELECT sent_at FROM replies WHERE user_id = ? AND status = 'sent' AND sent_at > ?`).pluck().all(userId, since);

/** The connected account's POSTs since `since` (reply and epoch ms): its budget window. */
export const accountPostTimes = (db: ReadDb, connectedAccountId: string, since: string): { replyId: string; atMs: number }[] =>
  db
    .prepare<[string, string], { reply_id: string; at: string }>('SELECT reply_id, at FROM x_post_attempts WHERE connected_account_id = ? AND at > ?')
    .all(connectedAccountId, since)
    .map((r) => ({ replyId: r.reply_id, atMs: Date.parse(r.at) }));

/** The app's POSTs since `since`, per user, with the oldest one's time: the app's budget window. */
export const appPostUsage = (db: ReadDb, since: string): Omit<PostUsage, 'accountAttempts'> => {
  const rows = db
    .prepare<[string], { user_id: string; n: number; oldest: string }>('SELECT user_id, count(*) AS n, min(at) AS oldest FROM x_post_attempts WHERE at > ? GROUP BY user_id')
    .all(since);
  const oldest = rows.reduce<string | null>((o, r) => (o === null || r.oldest < o ? r.oldest : o), null);
  return { appByUser: new Map(rows.map((r) => [r.user_id, Number(r.n)])), appOldestMs: oldest === null ? null : Date.parse(oldest) };
};

/** When each of these replies last went to X, as far as the read model shows (epoch ms). */
export const latestPostAttempts = (db: ReadDb, replyIds: readonly string[]): Map<string, number> => {
  if (replyIds.length === 0) return new Map();
  const rows = db
    .prepare<string[], { reply_id: string; at: string }>(
      `SELECT reply_id, max(at) AS at FROM x_post_attempts WHERE reply_id IN (${replyIds.map(() => '?').join(', ')}) GROUP BY reply_id`,
    )
    .all(...replyIds);
  return new Map(rows.map((r) => [r.reply_id, Date.parse(r.at)]));
};

/** Replies sent by the user, all time (the dashboard's Replies Sent). */
export const countSentReplies = (db: ReadDb, userId: string): number =>
  Number(db.prepare(`SELECT count(*) FROM replies WHERE user_id = ? AND status = 'sent'`).pluck().get(userId) ?? 0);

/** The dashboard's recent activity from replies, whatever became of them. */
export const recentReplyActivities = (db: ReadDb, userId: string, limit: number): ActivityItem[] =>
  db
    .prepare<
      [string, number],
      { id: string; target_username: string | null; account_id: string; content: string; status: string; status_message: string | null; sent_at: string | null; updated_at: string }
    >(
      `SELECT id, target_username, account_id, content, status, status_message, sent_at, updated_at FROM replies
        WHERE user_id = ?
        ORDER BY coalesce(sent_at, updated_at) DESC, rowid DESC LIMIT ?`,
    )
    .all(userId, limit)
    .map((r) => {
      const badge = statusBadge(r.status, r.status_message);
      return {
        id: r.id,
        type: 'reply' as const,
        targetAccount: r.target_username ?? r.account_id,
        content: r.content,
        timestamp: r.sent_at ?? r.updated_at,
        status: r.status === 'sent' ? ('sent' as const) : ('scheduled' as const),
        // What really happened to it, as every other list says it.
        outcome: { label: badge.label, variant: badge.variant, reason: badge.status === 'sent' ? null : statusReason(r.status, r.status_message), link: null, at: null },
      };
    });

/** Per target account: replies the user sent and when the latest went out. */
export const sentRepliesByTarget = (db: ReadDb, userId: string): Map<string, { sent: number; lastSentAt: string | null }> =>
  new Map(
    db
      .prepare<[string], { account_id: string; n: number; last: string | null }>(
        `SELECT account_id, count(*) AS n, max(sent_at) AS last FROM replies WHERE user_id = ? AND status = 'sent' GROUP BY account_id`,
      )
      .all(userId)
      .map((r) => [r.account_id, { sent: Number(r.n), lastSentAt: r.last }]),
  );

/** Posts a connected account replied to, or is replying to (the run's target post must be another). */
export const repliedPostIds = (db: ReadDb, connectedAccountId: string): string[] =>
  db.prepare<[string], string>('SELECT post_id FROM replies WHERE connected_account_id = ? AND post_id IS NOT NULL').pluck().all(connectedAccountId);

/** What the follow-up jobs look at: one row per reply waiting for the scheduler or X. */
export interface FollowUpRow {
  id: string;
  userId: string;
  status: 'ready' | 'unconfirmed' | 'rate_limited';
  connectedAccountId: string;
  postId: string | null;
  content: string;
  expiresAt: string | null;
  retryAt: string | null;
  updatedAt: string;
}

/**
 * Replies a follow-up job may act on now: rate limited ones whose time has come, unconfirmed ones,
 * ready ones (detection and expiry). Oldest first, at most `limit`.
 */
export const repliesToFollowUp = (db: ReadDb, now: string, limit: number): FollowUpRow[] =>
  db
    .prepare<[Record<string, unknown>], { id: string; user_id: string; status: FollowUpRow['status']; connected_account_id: string; post_id: string | null; content: string; expires_at: string | null; retry_at: string | null; updated_at: string }>(
      `SELECT id, user_id, status, connected_account_id, post_id, content, expires_at, retry_at, updated_at FROM replies
        WHERE status IN ('ready', 'unconfirmed') OR (status = 'rate_limited' AND retry_at <= @now)
        ORDER BY updated_at, rowid LIMIT @limit`,
    )
    .all({ now, limit })
    .map((r) => ({
      id: r.id,
      userId: r.user_id,
      status: r.status,
      connectedAccountId: r.connected_account_id,
      postId: r.post_id,
      content: r.content,
      expiresAt: r.expires_at,
      retryAt: r.retry_at,
      updatedAt: r.updated_at,
    }));

/** Sends under way and who recorded them (null: a send recorded before that was kept), oldest first. */
export const sendingReplies = (db: ReadDb, limit: number): { id: string; sendingBy: string | null }[] =>
  db
    .prepare<[number], { id: string; sending_by: string | null }>(`SELECT id, sending_by FROM replies WHERE status = 'sending' ORDER BY updated_at LIMIT ?`)
    .all(limit)
    .map((r) => ({ id: r.id, sendingBy: r.sending_by }));

/** Replies of everyone sent at `since` or later with their post on X (the metrics refresh job). */
export const sentRepliesSince = (db: ReadDb, since: string): { replyId: string; userId: string; postId: string; sentAt: string }[] =>
  db
    .prepare<[string], { id: string; user_id: string; reply_post_id: string; sent_at: string }>(
      `SELECT id, user_id, reply_post_id, sent_at FROM replies WHERE status = 'sent' AND sent_at >= ? AND reply_post_id IS NOT NULL ORDER BY sent_at`,
    )
    .all(since)
    .map((r) => ({ replyId: r.id, userId: r.user_id, postId: r.reply_post_id, sentAt: r.sent_at }));

/** The user's replies sent per UTC day ('YYYY-MM-DD') from `since` on; days without one are absent. */
export const sentRepliesByUtcDay = (db: ReadDb, userId: string, since: string): Map<string, number> =>
  new Map(
    db
      .prepare<[string, string], { day: string; n: number }>(
        `SELECT substr(sent_at, 1, 10) AS day, count(*) AS n FROM replies WHERE user_id = ? AND status = 'sent' AND sent_at >= ? GROUP BY day`,
      )
      .all(userId, since)
      .map((r) => [r.day, Number(r.n)]),
  );

/** Replies that ended in a failure status since `since` (updated_at), oldest first: the failed-reply e-mails. */
export const failedRepliesSince = (db: ReadDb, since: string, limit: number): ReplyView[] =>
  db
    .prepare<[string, string, number], ReplyRow>(
      `SELECT ${COLUMNS} FROM replies WHERE updated_at >= ? AND status IN (SELECT value FROM json_each(?)) ORDER BY updated_at, id LIMIT ?`,
    )
    .all(since, JSON.stringify(FAILURE_STATUSES), limit)
    .map(replyView);

/** A user's replies sent, and ended failed, between two instants (the weekly summary). */
export const replyCountsBetween = (db: ReadDb, userId: string, start: string, end: string): { sent: number; failed: number } => {
  const row = db
    .prepare<[string, string, string, string, string, string, string], { sent: number | null; failed: number | null }>(
      `SELECT sum(CASE WHEN status = 'sent' AND sent_at >= ? AND sent_at < ? THEN 1 ELSE 0 END) AS sent,
              sum(CASE WHEN status IN (SELECT value FROM json_each(?)) AND updated_at >= ? AND updated_at < ? THEN 1 ELSE 0 END) AS failed
       FROM replies WHERE user_id = ? AND updated_at >= ?`,
    )
    .get(start, end, JSON.stringify(FAILURE_STATUSES), start, end, userId, start);
  return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
};

/**
 * Replies changed at or after `since` (updated_at), oldest first: what device notifications and
 * the live-update stream follow. `replies_by_change` makes this a range read of the recent rows.
 */
export const repliesChangedSince = (db: ReadDb, since: string, limit: number): ReplyView[] =>
  db
    .prepare<[string, number], ReplyRow>(`SELECT ${COLUMNS} FROM replies WHERE updated_at >= ? ORDER BY updated_at, id LIMIT ?`)
    .all(since, limit)
    .map(replyView);

/** The newest change of any reply (updated_at), or null with none: where a follower starts. */
export const latestReplyChange = (db: ReadDb): string | null =>
  (db.prepare<[], { at: string | null }>('SELECT max(updated_at) AS at FROM replies').get()?.at ?? null);

/** The user's replies sent since `since` whose post time is known: their mode and post-to-reply delay (ms). */
export const sentReplyDelays = (db: ReadDb, userId: string, since: string): { mode: DeliveryMode; delayMs: number }[] =>
  db
    .prepare<[string, string], { mode: string | null; sent_at: string; post_created_at: string }>(
      `SELECT mode, sent_at, post_created_at FROM replies
       WHERE user_id = ? AND status = 'sent' AND sent_at >= ? AND post_created_at IS NOT NULL`,
    )
    .all(userId, since)
    .map((r) => ({ mode: r.mode === 'assisted' ? ('assisted' as const) : ('direct' as const), delayMs: Date.parse(r.sent_at) - Date.parse(r.post_created_at) }));

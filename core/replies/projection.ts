/**
 * Read model of replies (SQLite, see core/shared/projection.ts): one row per reply with the spec's
 * Reply fields (part 2 §3: id, postId, replyPostId, content, imageUrl, templateId, scheduledId,
 * accountId, connectedAccountId, status, statusMessage, sentAt, userId) and what delivery adds
 * (names, mode, intent link and expiry, retry time, the slot). Badges and reasons are derived when
 * read (views.ts). Instants are ISO strings, booleans 0/1.
 *
 * The indexes serve: a user's history (newest first), a schedule's replies, the follow-up jobs
 * (ready, unconfirmed, rate_limited), the posts an account already answered, the hourly cap.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import { REPLY_EVENT_TYPES, type ReplyEvent } from './events';
import type { ReplyRun, ReplyStatus } from './model';
import { REPLY_MESSAGES } from './messages';
import { upcastReplyPrepared } from './upcast';
import { POST_ATTEMPTS_KEPT_MS } from './rules/x-budget';
import { toInstant, toMs } from '@core/scheduling/time';

export type RecordedReplyEvent = ReplyEvent extends infer E ? (E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never) : never;

export const REPLIES_TABLE = 'replies';

const bit = (b: boolean): number => (b ? 1 : 0);

const update = (id: string, at: string, fields: Record<string, unknown>): SqlStatement => {
  const keys = Object.keys(fields);
  return {
    sql: `UPDATE replies SET ${keys.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @updated_at WHERE id = @id`,
    params: { ...fields, id, updated_at: at },
  };
};

/** A row for a run that ended before it was prepared (skipped or refused up front). */
const unpreparedRow = (run: ReplyRun, status: ReplyStatus, message: string, at: string): SqlStatement => ({
  sql: `INSERT INTO replies (id, post_id, content, template_id, scheduled_id, account_id, connected_account_id, status, status_message, user_id,
          target_username, connected_username, slot, attempts, truncated, created_at, updated_at)
        VALUES (@id, NULL, '', NULL, @scheduled_id, @account_id, @connected_account_id, @status, @status_message, @user_id,
          @target_username, @connected_username, @slot, 0, 0, @at, @at)`,
  params: {
    id: run.replyId,
    scheduled_id: run.scheduleId,
    account_id: run.targetAccountId,
    connected_account_id: run.connectedAccountId,
    status,
    status_message: message,
    user_id: run.userId,
    target_username: run.targetUsername,
    connected_username: run.connectedUsername,
    slot: run.slot,
    at,
  },
});

/** The status message of a reply that was sent again, as it goes and once it went: who sent it again. */
const AGAIN_SQL = `CASE resent_by WHEN 'user' THEN @again_user WHEN 'scheduler' THEN @again_scheduler ELSE NULL END`;
const AGAIN_PARAMS = { again_user: REPLY_MESSAGES.resentByUser, again_scheduler: REPLY_MESSAGES.sentAgain };

export const repliesProjection: Projection<RecordedReplyEvent> = {
  name: 'replies',
  version: 7,
  schema: [
    `CREATE TABLE replies (
      id TEXT PRIMARY KEY,
      post_id TEXT,
      post_text TEXT,
      post_created_at TEXT,
      reply_post_id TEXT,
      content TEXT NOT NULL,
      image_url TEXT,
      template_id TEXT,
      scheduled_id TEXT,
      account_id TEXT NOT NULL,
      connected_account_id TEXT NOT NULL,
      status TEXT NOT NULL,
      status_message TEXT,
      sent_at TEXT,
      sent_via TEXT,
      user_id TEXT NOT NULL,
      target_username TEXT,
      connected_username TEXT,
      post_author_id TEXT,
      mode TEXT,
      mode_reason TEXT,
      ai INTEGER NOT NULL DEFAULT 0,
      truncated INTEGER NOT NULL DEFAULT 0,
      ai_fallback TEXT,
      intent_url TEXT,
      expires_at TEXT,
      retry_at TEXT,
      slot TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      sending_by TEXT,
      resent_by TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT`,
    'CREATE INDEX replies_by_user ON replies (user_id, created_at)',
    'CREATE INDEX replies_by_schedule ON replies (scheduled_id, created_at) WHERE scheduled_id IS NOT NULL',
    `CREATE INDEX replies_follow_up ON replies (status, updated_at) WHERE status IN ('ready', 'unconfirmed', 'rate_limited')`,
    // Sends under way, by the process that recorded them: a scheduler that sees it gone settles them.
    `CREATE INDEX replies_sending ON replies (sending_by) WHERE status = 'sending'`,
    'CREATE INDEX replies_by_account_post ON replies (connected_account_id, post_id) WHERE post_id IS NOT NULL',
    `CREATE INDEX replies_sent_by_user ON replies (user_id, sent_at) WHERE status = 'sent'`,
    // What changed lately, for everybody: live updates of open pages and device notifications.
    'CREATE INDEX replies_by_change ON replies (updated_at)',
    // Every POST to X (X counts attempts, whatever it answers): the posting budgets (rules/x-budget).
    // Rows older than any budget window are dropped as new ones come.
    `CREATE TABLE x_post_attempts (
      reply_id TEXT NOT NULL,
      attempt INTEGER NOT NULL,
      user_id TEXT NOT NULL,
      connected_account_id TEXT NOT NULL,
      at TEXT NOT NULL,
      PRIMARY KEY (reply_id, attempt)
    ) STRICT`,
    'CREATE INDEX x_post_attempts_by_time ON x_post_attempts (at, user_id)',
    'CREATE INDEX x_post_attempts_by_account ON x_post_attempts (connected_account_id, at)',
  ],
  handles: REPLY_EVENT_TYPES,
  project(event): SqlStatement[] {
    switch (event.type) {
      case 'ReplyPrepared': {
        const d = upcastReplyPrepared(event.data);
        return [
          {
            sql: `INSERT INTO replies (id, post_id, post_text, post_created_at, content, image_url, template_id, scheduled_id, account_id, connected_account_id, status, status_message,
                    user_id, target_username, connected_username, post_author_id, mode, mode_reason, ai, ai_fallback, truncated, slot, attempts, created_at, updated_at)
                  VALUES (@id, @post_id, @post_text, @post_created_at, @content, @image_url, @template_id, @scheduled_id, @account_id, @connected_account_id, @status, NULL,
                    @user_id, @target_username, @connected_username, @post_author_id, @mode, @mode_reason, @ai, @ai_fallback, @truncated, @slot, 0, @at, @at)`,
            params: {
              id: d.replyId,
              post_id: d.postId,
              post_text: d.postText,
              post_created_at: d.postCreatedAt,
              content: d.text,
              image_url: d.imageUrl,
              template_id: d.templateId,
              scheduled_id: d.scheduleId,
              account_id: d.targetAccountId,
              connected_account_id: d.connectedAccountId,
              status: 'pending' satisfies ReplyStatus,
              user_id: d.userId,
              target_username: d.targetUsername,
              connected_username: d.connectedUsername,
              post_author_id: d.postAuthorId,
              mode: d.mode,
              mode_reason: d.modeReason,
              ai: bit(d.ai),
              ai_fallback: d.aiFallback,
              truncated: bit(d.truncated),
              slot: d.slot,
              at: d.preparedAt,
            },
          },
        ];
      }
      case 'ReplySending': {
        const d = event.data;
        return [
          {
            // A reply sent again keeps saying so while it goes, and once it went.
            sql: `UPDATE replies SET status = @status, status_message = ${AGAIN_SQL}, attempts = @attempt, sending_by = @by, updated_at = @at WHERE id = @id`,
            params: { id: d.replyId, status: 'sending' satisfies ReplyStatus, attempt: d.attempt, by: d.by ?? null, at: d.at, ...AGAIN_PARAMS },
          },
          {
            sql: `INSERT OR IGNORE INTO x_post_attempts (reply_id, attempt, user_id, connected_account_id, at)
                  SELECT id, @attempt, user_id, connected_account_id, @at FROM replies WHERE id = @id`,
            params: { id: d.replyId, attempt: d.attempt, at: d.at },
          },
          { sql: 'DELETE FROM x_post_attempts WHERE at < @before', params: { before: toInstant(toMs(d.at, 'at') - POST_ATTEMPTS_KEPT_MS) } },
        ];
      }
      case 'ReplySent': {
        const d = event.data;
        return [
          {
            sql: `UPDATE replies SET status = @status, status_message = ${AGAIN_SQL}, reply_post_id = @reply_post_id, sent_at = @at, sent_via = @via, updated_at = @at WHERE id = @id`,
            params: { id: d.replyId, status: 'sent' satisfies ReplyStatus, reply_post_id: d.replyPostId, via: d.via, at: d.at, ...AGAIN_PARAMS },
          },
        ];
      }
      case 'ReplyFailed': {
        const d = event.data;
        if (d.run !== null) return [unpreparedRow(d.run, d.status, d.message, d.at)];
        return [update(d.replyId, d.at, { status: d.status, status_message: d.message })];
      }
      case 'ReplyUnconfirmed':
        return [update(event.data.replyId, event.data.at, { status: 'unconfirmed' satisfies ReplyStatus, status_message: event.data.reason })];
      case 'ReplyReady': {
        const d = event.data;
        return [update(d.replyId, d.at, { status: 'ready' satisfies ReplyStatus, status_message: d.reason, intent_url: d.intentUrl, expires_at: d.expiresAt, mode: 'assisted' })];
      }
      case 'ReplySkipped': {
        const d = event.data;
        if (d.run !== null) return [unpreparedRow(d.run, 'skipped', d.reason, d.at)];
        return [update(d.replyId, d.at, { status: 'skipped' satisfies ReplyStatus, status_message: d.reason })];
      }
      case 'ReplyExpired':
        return [update(event.data.replyId, event.data.at, { status: 'expired' satisfies ReplyStatus })];
      case 'ReplyRateLimited': {
        const d = event.data;
        // A reply taken back from the ready queue loses its link: it is not the user's to post now.
        return [update(d.replyId, d.at, { status: 'rate_limited' satisfies ReplyStatus, status_message: d.message, retry_at: d.retryAt, intent_url: null, expires_at: null })];
      }
      case 'ReplyRequeued': {
        const d = event.data;
        const message = d.by === 'user' ? REPLY_MESSAGES.resentByUser : REPLY_MESSAGES.sentAgain;
        // Its lateness counts from the user's resend (state.ts); the row's slot stays the run's.
        return [update(d.replyId, d.at, { status: 'rate_limited' satisfies ReplyStatus, status_message: message, retry_at: d.at, resent_by: d.by })];
      }
      default:
        return assertNever(event, 'reply event');
    }
  },
};

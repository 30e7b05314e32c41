/**
 * Queries over the schedules read model (core/scheduling/projection.ts), always filtered by the
 * owner: someone else's schedule is "not found". Entries of a bulk batch that has not completed
 * are not shown (core/scheduling/batch.ts). Answers carry the list fields of spec part 2 §3
 * (status, targetUsername, accountName, useAI, viralStyle, conditions, lastExecutedAt), instants as
 * ISO UTC with the schedule's IANA `timeZone`, and the names of the template or group used.
 *
 * The row holds what core/scheduling/views.ts derived from the schedule's facts; what depends on
 * the moment of reading (the spec's flags of the status, the UTC hour and minute of the next run)
 * is derived here by the same module.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { Conditions, RecurringType, ScheduleStatus, ScheduleType } from '@core/scheduling';
import type { PeakWindow } from '@core/scheduling/time';
import { recurringUtcClock, statusFlags, type ScheduleReplyView, type ScheduleView } from '@core/scheduling/views';

export type { ScheduleReplyView, ScheduleView };

interface Row {
  id: string;
  user_id: string;
  user_name: string | null;
  schedule_type: string;
  status: string;
  time_zone: string;
  target_account_id: string;
  target_username: string | null;
  connected_account_id: string;
  account_name: string | null;
  content: string | null;
  template_id: string | null;
  template_name: string | null;
  template_group_id: string | null;
  template_group_name: string | null;
  last_template_index: number;
  use_ai: number;
  viral_style: string | null;
  image_url: string | null;
  conditions: string;
  peak_window_type: string | null;
  is_recurring: number;
  recurring_type: string | null;
  recurring_days: string | null;
  recurring_time: string | null;
  delay_minutes: number;
  scheduled_time: string | null;
  next_run_time: string | null;
  last_executed_at: string | null;
  last_run_outcome: string | null;
  run_count: number;
  created_at: string;
  updated_at: string;
}

const SELECT = `
  SELECT s.id, s.user_id, u.username AS user_name, s.schedule_type, s.status, s.time_zone,
         s.target_account_id, s.target_username, s.connected_account_id, s.account_name, s.content,
         s.template_id, t.name AS template_name, s.template_group_id, g.name AS template_group_name, s.last_template_index,
         s.use_ai, s.viral_style, s.image_url, s.conditions, s.peak_window_type, s.is_recurring, s.recurring_type,
         s.recurring_days, s.recurring_time, s.delay_minutes, s.scheduled_time, s.next_run_time, s.last_executed_at,
         s.last_run_outcome, s.run_count, s.created_at, s.updated_at
    FROM schedules s
    LEFT JOIN users u ON u.id = s.user_id
    LEFT JOIN templates t ON t.id = s.template_id
    LEFT JOIN template_groups g ON g.id = s.template_group_id`;

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const toView = (r: Row): ScheduleView => {
  const recurring = r.is_recurring === 1;
  const status = r.status as ScheduleStatus;
  return {
    id: r.id,
    userId: r.user_id,
    userName: r.user_name,
    accountId: r.target_account_id,
    targetUsername: r.target_username,
    connectedAccountId: r.connected_account_id,
    accountName: r.account_name,
    templateId: r.template_id,
    templateName: r.template_name,
    templateGroupId: r.template_group_id,
    templateGroupName: r.template_group_name,
    lastTemplateIndex: r.last_template_index,
    scheduleType: r.schedule_type as ScheduleType,
    scheduledTime: r.scheduled_time,
    delayMinutes: r.delay_minutes,
    isRecurring: recurring,
    recurringType: r.recurring_type as RecurringType | null,
    recurringDays: parseJson<number[] | null>(r.recurring_days, null),
    recurringTime: r.recurring_time,
    ...recurringUtcClock(recurring, r.next_run_time),
    nextRunTime: r.next_run_time,
    conditions: parseJson<Conditions>(r.conditions, { content: null, targetAccount: null, imageIncluded: false }),
    peakWindowType: r.peak_window_type as PeakWindow | null,
    imageUrl: r.image_url,
    ...statusFlags(status),
    status,
    content: r.content,
    useAI: r.use_ai === 1,
    viralStyle: r.viral_style,
    lastExecutedAt: r.last_executed_at,
    lastRunOutcome: r.last_run_outcome,
    runCount: r.run_count,
    timeZone: r.time_zone,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
};

/** The user's schedules: upcoming ones first by next run, then the rest newest first. */
export const listSchedules = (db: ReadDb, userId: string): ScheduleView[] =>
  db
    .prepare<[string], Row>(
      `${SELECT} WHERE s.user_id = ? AND s.deleted_at IS NULL AND s.pending_batch IS NULL
        ORDER BY s.next_run_time IS NULL, s.next_run_time, s.created_at DESC, s.rowid DESC`,
    )
    .all(userId)
    .map(toView);

export const findSchedule = (db: ReadDb, userId: string, id: string): ScheduleView | null => {
  const row = db.prepare<[string, string], Row>(`${SELECT} WHERE s.id = ? AND s.user_id = ? AND s.deleted_at IS NULL AND s.pending_batch IS NULL`).get(id, userId);
  return row === undefined ? null : toView(row);
};

interface ReplyRow {
  id: string;
  post_id: string | null;
  reply_post_id: string | null;
  content: string | null;
  status: string | null;
  status_message: string | null;
  sent_at: string | null;
}

const REPLY_COLUMNS = ['id', 'user_id', 'scheduled_id', 'post_id', 'reply_post_id', 'content', 'status', 'status_message', 'sent_at'];

/**
 * The replies of one schedule, latest first. No projection writes a `replies` table with these
 * columns yet, so the list is honestly empty until one does, never sample data.
 */
export const listScheduleReplies = (db: ReadDb, userId: string, scheduleId: string): Omit<ScheduleReplyView, 'replyUrl'>[] => {
  const cols = db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all('replies').map((c) => c.name);
  if (!REPLY_COLUMNS.every((c) => cols.includes(c))) return [];
  return db
    .prepare<[string, string], ReplyRow>(
      `SELECT id, post_id, reply_post_id, content, status, status_message, sent_at FROM replies
        WHERE user_id = ? AND scheduled_id = ? ORDER BY sent_at IS NULL, sent_at DESC, rowid DESC`,
    )
    .all(userId, scheduleId)
    .map((r) => ({
      id: r.id,
      postId: r.post_id,
      replyPostId: r.reply_post_id,
      content: r.content,
      // Spec §4: an empty status shows as pending.
      status: r.status === null || r.status === '' ? 'pending' : r.status,
      statusMessage: r.status_message,
      sentAt: r.sent_at,
    }));
};

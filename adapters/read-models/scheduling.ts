/**
 * The schedules read model: its projection (core/scheduling/projection.ts, the `schedules` table)
 * and every query over that table, side by side. Nothing else names the table; other capabilities,
 * the scheduler's jobs and the dashboard call these functions (ADR 0018).
 *
 * Lists are always filtered by the owner: someone else's schedule is "not found". Entries of a bulk
 * batch that has not completed are not shown (core/scheduling/batch.ts). Answers carry the list
 * fields of spec part 2 §3 (status, targetUsername, accountName, useAI, viralStyle, conditions,
 * lastExecutedAt), instants as ISO UTC with the schedule's IANA `timeZone`, and the names of the
 * user and of the template or group used, asked of the users and templates read models.
 *
 * The row holds what core/scheduling/views.ts derived from the schedule's facts; what depends on
 * the moment of reading (the spec's flags of the status, the UTC hour and minute of the next run)
 * is derived here by the same module.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { Conditions, Plan, RecurringType, ScheduleStatus, ScheduleType } from '@core/scheduling';
import { targetPostView, type PostRule } from '@core/scheduling/post-rule';
import { DEFAULT_FRESHNESS_MS } from '@core/replies/rules/timing';
import type { ScheduleBatchData } from '@core/scheduling/batch';
import { schedulesProjection as schedulesBase } from '@core/scheduling/projection';
import { erasingAccounts } from '@core/users/erasure';

import type { PeakWindow } from '@core/scheduling/time';
import { recurringUtcClock, statusFlags, type ScheduleReplyView, type ScheduleView } from '@core/scheduling/views';
import type { AutoScheduleRef } from '@core/watching/due';
import { templateGroupNamesByIds, templateNamesByIds } from './templates';
import { usernamesByIds } from './users';
import { latestRunsBySchedule } from './replies';
import type { LatestRunView } from '@core/scheduling/run-state';

/** The projection, also removing a deleted account's schedules (ADR 0028). */
export const schedulesProjection = erasingAccounts(schedulesBase, (userId) => [{ sql: 'DELETE FROM schedules WHERE user_id = @userId', params: { userId } }]);
export type { ScheduleReplyView, ScheduleView };

interface Row {
  id: string;
  user_id: string;
  schedule_type: string;
  status: string;
  time_zone: string;
  target_account_id: string;
  target_username: string | null;
  connected_account_id: string;
  account_name: string | null;
  content: string | null;
  template_id: string | null;
  template_group_id: string | null;
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
  plan: string;
  post_rule: string | null;
  scheduled_time: string | null;
  next_run_time: string | null;
  last_executed_at: string | null;
  last_run_outcome: string | null;
  run_count: number;
  created_at: string;
  updated_at: string;
}

const SELECT = `
  SELECT id, user_id, schedule_type, status, time_zone, target_account_id, target_username, connected_account_id,
         account_name, content, template_id, template_group_id, last_template_index, use_ai, viral_style, image_url,
         conditions, peak_window_type, is_recurring, recurring_type, recurring_days, recurring_time, delay_minutes, plan, post_rule,
         scheduled_time, next_run_time, last_executed_at, last_run_outcome, run_count, created_at, updated_at
    FROM schedules`;

/** What a schedule names in other read models, looked up once per list. */
interface Names {
  users: ReadonlyMap<string, string>;
  templates: ReadonlyMap<string, string>;
  groups: ReadonlyMap<string, string>;
}

const namesFor = (db: ReadDb, rows: readonly Row[]): Names => {
  const ids = (pick: (r: Row) => string | null) => rows.map(pick).filter((id): id is string => id !== null);
  return {
    users: usernamesByIds(db, ids((r) => r.user_id)),
    templates: templateNamesByIds(db, ids((r) => r.template_id)),
    groups: templateGroupNamesByIds(db, ids((r) => r.template_group_id)),
  };
};

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The window schedules made before schedules chose their post are answered in (the dispatcher's default). */
const LEGACY_FRESHNESS_MINUTES = DEFAULT_FRESHNESS_MS / 60_000;

const nameOf = (names: ReadonlyMap<string, string>, id: string | null): string | null => (id === null ? null : (names.get(id) ?? null));

const toView = (r: Row, names: Names, runs: ReadonlyMap<string, LatestRunView>): ScheduleView => {
  const recurring = r.is_recurring === 1;
  const status = r.status as ScheduleStatus;
  return {
    id: r.id,
    userId: r.user_id,
    userName: nameOf(names.users, r.user_id),
    accountId: r.target_account_id,
    targetUsername: r.target_username,
    connectedAccountId: r.connected_account_id,
    accountName: r.account_name,
    templateId: r.template_id,
    templateName: nameOf(names.templates, r.template_id),
    templateGroupId: r.template_group_id,
    templateGroupName: nameOf(names.groups, r.template_group_id),
    lastTemplateIndex: r.last_template_index,
    scheduleType: r.schedule_type as ScheduleType,
    scheduledTime: r.scheduled_time,
    delayMinutes: r.delay_minutes,
    targetPost: targetPostView(parseJson<Plan>(r.plan, { kind: 'immediate' }), r.post_rule === null ? undefined : parseJson<PostRule | null>(r.post_rule, null), r.target_username, LEGACY_FRESHNESS_MINUTES),
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
    latestRun: runs.get(r.id) ?? null,
    runCount: r.run_count,
    timeZone: r.time_zone,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
};

const toViews = (db: ReadDb, rows: readonly Row[]): ScheduleView[] => {
  const names = namesFor(db, rows);
  const runs = latestRunsBySchedule(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, names, runs));
};

/** The user's schedules: upcoming ones first by next run, then the rest newest first. */
export const listSchedules = (db: ReadDb, userId: string): ScheduleView[] =>
  toViews(
    db,
    db
      .prepare<[string], Row>(
        `${SELECT} WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL
          ORDER BY next_run_time IS NULL, next_run_time, created_at DESC, rowid DESC`,
      )
      .all(userId),
  );

/**
 * One page of listSchedules' order: `limit` schedules from `offset`, and whether more follow. Only
 * the page is read and shaped, so an answer's cost is bounded by its limit, not by the user's list.
 */
export const listSchedulesPage = (db: ReadDb, userId: string, offset: number, limit: number): { items: ScheduleView[]; more: boolean } => {
  const rows = db
    .prepare<[string, number, number], Row>(
      `${SELECT} WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL
        ORDER BY next_run_time IS NULL, next_run_time, created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, limit + 1, offset);
  return { items: toViews(db, rows.slice(0, limit)), more: rows.length > limit };
};

/** The user's schedules that count against their plan's cap: every one not deleted, a batch's still hidden ones too. */
export const countSchedules = (db: ReadDb, userId: string): number =>
  db.prepare<[string], number>('SELECT COUNT(*) FROM schedules WHERE user_id = ? AND deleted_at IS NULL').pluck().get(userId) ?? 0;

export const findSchedule = (db: ReadDb, userId: string, id: string): ScheduleView | null => {
  const row = db.prepare<[string, string], Row>(`${SELECT} WHERE id = ? AND user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL`).get(id, userId);
  return row === undefined ? null : (toViews(db, [row])[0] ?? null);
};

/**
 * Schedules that still use a connected X account: not deleted, still active and not yet executed
 * (a finished one-time schedule does not pin the account); a paused one does, it may resume.
 */
export const schedulesUsingAccount = (db: ReadDb, connectedAccountId: string): number =>
  Number(
    db
      .prepare("SELECT count(*) FROM schedules WHERE connected_account_id = ? AND deleted_at IS NULL AND (is_active = 1 OR status = 'paused') AND is_executed = 0")
      .pluck()
      .get(connectedAccountId) ?? 0,
  );

/** One-time schedules that have run, across every user (operators and bench:dispatch watch this). */
export const countExecutedSchedules = (db: ReadDb): number =>
  Number(db.prepare('SELECT count(*) FROM schedules WHERE is_executed = 1').pluck().get() ?? 0);

/** The user's schedules still to run (pending, active), as the Schedules list shows them. */
export const countUpcomingSchedules = (db: ReadDb, userId: string): number =>
  Number(
    db
      .prepare('SELECT count(*) FROM schedules WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL AND is_active = 1 AND is_executed = 0')
      .pluck()
      .get(userId) ?? 0,
  );

/** The user's schedules still to run whose next run comes before `before` (the trial's end). */
export const countSchedulesDueBefore = (db: ReadDb, userId: string, before: string): number =>
  Number(
    db
      .prepare(
        'SELECT count(*) FROM schedules WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL AND is_active = 1 AND is_executed = 0 AND next_run_time IS NOT NULL AND next_run_time < ?',
      )
      .pluck()
      .get(userId, before) ?? 0,
  );

/** Per monitored account the user targets: schedules still to run, and when the latest was created. */
export interface TargetActivity {
  upcoming: number;
  lastCreatedAt: string | null;
}

/** The user's schedules per target account; deleted schedules and unfinished batches do not count. */
export const scheduleActivityByTarget = (db: ReadDb, userId: string): Map<string, TargetActivity> =>
  new Map(
    db
      .prepare<[string], { account_id: string; n: number | null; last: string | null }>(
        `SELECT target_account_id AS account_id, sum(CASE WHEN is_active = 1 AND is_executed = 0 THEN 1 ELSE 0 END) AS n, max(created_at) AS last
           FROM schedules WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL GROUP BY target_account_id`,
      )
      .all(userId)
      .map((r) => [r.account_id, { upcoming: Number(r.n ?? 0), lastCreatedAt: r.last }]),
  );

/** Batches with hidden entries whose newest entry was written before `before` (the recovery job's work). */
export const unfinishedBatches = (db: ReadDb, before: string): ScheduleBatchData[] =>
  db
    .prepare<[string], { pending_batch: string; user_id: string; ids: string }>(
      `SELECT pending_batch, user_id, json_group_array(id) AS ids FROM schedules
        WHERE pending_batch IS NOT NULL AND deleted_at IS NULL
        GROUP BY pending_batch, user_id HAVING max(created_at) < ?`,
    )
    .all(before)
    .map((r) => ({ batchId: r.pending_batch, userId: r.user_id, scheduleIds: JSON.parse(r.ids) as string[] }));

/** The image addresses live (not deleted) schedules name, each once. */
export const scheduleImageUrls = (db: ReadDb): string[] =>
  db.prepare<[], string>('SELECT DISTINCT image_url FROM schedules WHERE deleted_at IS NULL AND image_url IS NOT NULL').pluck().all();

/** A timed schedule's run that is due: the dispatch job's work list. */
export interface DueRun {
  scheduleId: string;
  userId: string;
  slot: string;
}

/**
 * Runs due at `now` of active, not yet executed timed schedules, the longest overdue first, at most
 * `limit`. Auto schedules have no next run time (a post starts their run), so they are not here.
 * Runs due at the same instant (a wall-clock minute many users chose) come in a random order: with
 * one shared order, every scheduler process walked the same runs, the first to commit its claims
 * took the whole walk and the others were refused run after run.
 */
export const dueRuns = (db: ReadDb, now: string, limit: number): DueRun[] =>
  db
    .prepare<[string, number], { id: string; user_id: string; next_run_time: string }>(
      `SELECT id, user_id, next_run_time FROM schedules
        WHERE deleted_at IS NULL AND is_active = 1 AND is_executed = 0 AND next_run_time IS NOT NULL AND pending_batch IS NULL
          AND next_run_time <= ?
        ORDER BY next_run_time, random() LIMIT ?`,
    )
    .all(now, limit)
    .map((r) => ({ scheduleId: r.id, userId: r.user_id, slot: r.next_run_time }));

/**
 * The queue of the scheduler: timed runs whose time has come that no recorded run has moved on yet
 * (a run being sent right now counts until it is recorded), and the oldest due time among them.
 */
export const dueRunsWaiting = (db: ReadDb, now: string): { length: number; oldestDueAt: string | null } => {
  const row = db
    .prepare<[string], { n: number; oldest: string | null }>(
      `SELECT count(*) AS n, min(next_run_time) AS oldest FROM schedules
        WHERE deleted_at IS NULL AND is_active = 1 AND is_executed = 0 AND next_run_time IS NOT NULL AND pending_batch IS NULL
          AND next_run_time <= ?`,
    )
    .get(now);
  return { length: Number(row?.n ?? 0), oldestDueAt: row?.oldest ?? null };
};

/** The active auto schedules ('reply when this account posts'), for the watcher and the dispatch job. */
export const activeAutoSchedules = (db: ReadDb): AutoScheduleRef[] =>
  db
    .prepare<[], { id: string; target_account_id: string; delay_minutes: number; created_at: string }>(
      `SELECT id, target_account_id, delay_minutes, created_at FROM schedules
        WHERE deleted_at IS NULL AND is_active = 1 AND is_executed = 0 AND pending_batch IS NULL AND schedule_type = 'auto'`,
    )
    .all()
    .map((r) => ({ scheduleId: r.id, targetAccountId: r.target_account_id, delayMinutes: r.delay_minutes, createdAt: r.created_at }));

/** The user's latest schedules, newest first (the dashboard's recent activity). */
export const recentSchedules = (db: ReadDb, userId: string, limit: number): ScheduleView[] =>
  toViews(
    db,
    db
      .prepare<[string, number], Row>(`${SELECT} WHERE user_id = ? AND deleted_at IS NULL AND pending_batch IS NULL ORDER BY created_at DESC, rowid DESC LIMIT ?`)
      .all(userId, limit),
  );

/**
 * Read model of schedules (SQLite, see core/shared/projection.ts): one row per schedule with what
 * the list views show (spec part 2 §3 "in lists also"): status, target and account names, AI and
 * style, conditions, scheduled/next/last run times and the zone. The scheduler finds due work with
 * the `schedules_due` index.
 *
 * A deleted schedule keeps its row with `deleted_at` set (reply history still names it); lists
 * filter `deleted_at IS NULL`. Recurring rules are stored as the rule's local time and ISO weekdays;
 * the spec's UTC hour and minute and 0-6 day numbers are computed at the edge when answering.
 * Instants are ISO strings, booleans 0/1, JSON columns text.
 *
 * Every column besides the facts is what views.ts derives from the ScheduleCreated facts (type,
 * conditions, AI and style, the recurring fields, the one-shot time); `status` is one of the list's
 * named cases (pending, inactive, executed) and `is_active`/`is_executed` are its spec flags
 * (statusFlags), kept as columns for the due index. ScheduleCreated events of the first shape are
 * upcast before they are projected (upcast.ts).
 *
 * An entry of a bulk batch carries `pending_batch` until its batch completes (batch.ts): lists and
 * the scheduler read only rows where it is NULL.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import { SCHEDULE_BATCH_EVENT_TYPES, type ScheduleBatchEvent } from './batch';
import { SCHEDULE_EVENT_TYPES, type ScheduleCreatedData, type ScheduleEvent, type ScheduleStatus } from './schedule';
import { upcastScheduleCreated } from './upcast';
import { schedulePresentation, statusFlags } from './views';

export type RecordedScheduleEvent = ScheduleEvent | ScheduleBatchEvent extends infer E
  ? E extends { type: infer T extends string; data: infer D }
    ? RecordedEvent<T, D>
    : never
  : never;

export const SCHEDULES_TABLE = 'schedules';

const bit = (b: boolean): number => (b ? 1 : 0);

/** The row of a new schedule: its facts and what views.ts derives from them. */
const createdParams = (d: ScheduleCreatedData, time: string) => {
  const shown = schedulePresentation(d);
  const flags = statusFlags('pending');
  return {
    id: d.scheduleId,
    user_id: d.userId,
    schedule_type: shown.scheduleType,
    status: 'pending' satisfies ScheduleStatus,
    is_active: bit(flags.isActive),
    is_executed: bit(flags.isExecuted),
    time_zone: d.timeZone,
    target_account_id: d.targetAccountId,
    target_username: d.targetUsername,
    connected_account_id: d.connectedAccountId,
    account_name: d.accountName,
    content_kind: d.content.kind,
    content: shown.content,
    template_id: shown.templateId,
    template_group_id: shown.templateGroupId,
    use_ai: bit(shown.useAI),
    viral_style: shown.viralStyle,
    image_url: d.imageUrl,
    conditions: JSON.stringify(shown.conditions),
    peak_window_type: shown.peakWindowType,
    is_recurring: bit(shown.isRecurring),
    recurring_type: shown.recurringType,
    recurring_days: shown.recurringDays === null ? null : JSON.stringify(shown.recurringDays),
    recurring_time: shown.recurringTime,
    delay_minutes: shown.delayMinutes,
    plan: JSON.stringify(d.plan),
    // SQL NULL: made before schedules chose their post; JSON null: an auto plan (the watched post).
    post_rule: d.post === undefined ? null : JSON.stringify(d.post),
    scheduled_time: shown.scheduledTime,
    next_run_time: d.nextRunTime,
    pending_batch: d.batchId ?? null,
    time,
  };
};

export const schedulesProjection: Projection<RecordedScheduleEvent> = {
  name: 'schedules',
  version: 3,
  schema: [
    `CREATE TABLE schedules (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      schedule_type TEXT NOT NULL,
      status TEXT NOT NULL,
      is_active INTEGER NOT NULL,
      is_executed INTEGER NOT NULL,
      time_zone TEXT NOT NULL,
      target_account_id TEXT NOT NULL,
      target_username TEXT,
      connected_account_id TEXT NOT NULL,
      account_name TEXT,
      content_kind TEXT NOT NULL,
      content TEXT,
      template_id TEXT,
      template_group_id TEXT,
      last_template_index INTEGER NOT NULL DEFAULT 0,
      use_ai INTEGER NOT NULL,
      viral_style TEXT,
      image_url TEXT,
      conditions TEXT NOT NULL,
      peak_window_type TEXT,
      is_recurring INTEGER NOT NULL,
      recurring_type TEXT,
      recurring_days TEXT,
      recurring_time TEXT,
      delay_minutes INTEGER NOT NULL DEFAULT 0,
      plan TEXT NOT NULL,
      post_rule TEXT,
      scheduled_time TEXT,
      next_run_time TEXT,
      last_executed_at TEXT,
      last_run_outcome TEXT,
      run_count INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      deleted_at TEXT,
      pending_batch TEXT
    ) STRICT`,
    'CREATE INDEX schedules_by_user ON schedules (user_id, deleted_at, created_at)',
    // The Schedules list's order (adapters/read-models/scheduling.ts): a page is read off the index
    // and stops at its limit, instead of sorting all of a user's schedules for every page.
    `CREATE INDEX schedules_list ON schedules (user_id, (next_run_time IS NULL), next_run_time, created_at DESC)
       WHERE deleted_at IS NULL AND pending_batch IS NULL`,
    'CREATE INDEX schedules_by_connected_account ON schedules (connected_account_id) WHERE deleted_at IS NULL',
    'CREATE INDEX schedules_by_target ON schedules (target_account_id) WHERE deleted_at IS NULL',
    `CREATE INDEX schedules_due ON schedules (next_run_time) WHERE deleted_at IS NULL AND is_active = 1 AND is_executed = 0 AND next_run_time IS NOT NULL AND pending_batch IS NULL`,
    'CREATE INDEX schedules_pending_batch ON schedules (pending_batch, created_at) WHERE pending_batch IS NOT NULL',
  ],
  handles: [...SCHEDULE_EVENT_TYPES, ...SCHEDULE_BATCH_EVENT_TYPES],
  project(event): SqlStatement[] {
    const time = event.metadata.time;
    switch (event.type) {
      case 'ScheduleCreated':
        return [
          {
            sql: `INSERT INTO schedules (id, user_id, schedule_type, status, is_active, is_executed, time_zone, target_account_id, target_username,
                    connected_account_id, account_name, content_kind, content, template_id, template_group_id, use_ai, viral_style, image_url,
                    conditions, peak_window_type, is_recurring, recurring_type, recurring_days, recurring_time, delay_minutes, plan, post_rule,
                    scheduled_time, next_run_time, pending_batch, created_at, updated_at)
                  VALUES (@id, @user_id, @schedule_type, @status, @is_active, @is_executed, @time_zone, @target_account_id, @target_username,
                    @connected_account_id, @account_name, @content_kind, @content, @template_id, @template_group_id, @use_ai, @viral_style, @image_url,
                    @conditions, @peak_window_type, @is_recurring, @recurring_type, @recurring_days, @recurring_time, @delay_minutes, @plan, @post_rule,
                    @scheduled_time, @next_run_time, @pending_batch, @time, @time)`,
            params: createdParams(upcastScheduleCreated(event.data), time),
          },
        ];
      case 'ScheduleDeleted':
        return [
          {
            sql: 'UPDATE schedules SET deleted_at = @time, updated_at = @time, next_run_time = NULL WHERE id = @id',
            params: { id: event.data.scheduleId, time },
          },
        ];
      case 'ScheduleDeactivated':
        return [
          {
            sql: 'UPDATE schedules SET is_active = @is_active, status = @status, next_run_time = NULL, updated_at = @time WHERE id = @id',
            params: { id: event.data.scheduleId, time, status: 'inactive' satisfies ScheduleStatus, is_active: bit(statusFlags('inactive').isActive) },
          },
        ];
      case 'ScheduleMoved':
        return [
          {
            sql: 'UPDATE schedules SET connected_account_id = @connected_account_id, account_name = @account_name, updated_at = @time WHERE id = @id',
            params: { id: event.data.scheduleId, time, connected_account_id: event.data.connectedAccountId, account_name: event.data.accountName },
          },
        ];
      case 'ScheduleEdited': {
        const { id: _id, user_id: _user, pending_batch: _batch, time_zone: _zone, status: _status, is_active: _active, is_executed: _executed, ...p } = createdParams(event.data, time);
        return [
          {
            sql: `UPDATE schedules SET schedule_type = @schedule_type, target_account_id = @target_account_id, target_username = @target_username,
                    connected_account_id = @connected_account_id, account_name = @account_name, content_kind = @content_kind, content = @content,
                    template_id = @template_id, template_group_id = @template_group_id, use_ai = @use_ai, viral_style = @viral_style, image_url = @image_url,
                    conditions = @conditions, peak_window_type = @peak_window_type, is_recurring = @is_recurring, recurring_type = @recurring_type,
                    recurring_days = @recurring_days, recurring_time = @recurring_time, delay_minutes = @delay_minutes, plan = @plan,
                    scheduled_time = @scheduled_time, next_run_time = @next_run_time,
                    last_template_index = CASE WHEN content_kind = @content_kind AND IFNULL(template_id, '') = IFNULL(@template_id, '')
                      AND IFNULL(template_group_id, '') = IFNULL(@template_group_id, '') AND IFNULL(content, '') = IFNULL(@content, '') THEN last_template_index ELSE 0 END,
                    updated_at = @time
                  WHERE id = @id`,
            params: { ...p, id: event.data.scheduleId },
          },
        ];
      }
      case 'SchedulePaused':
        return [
          {
            sql: 'UPDATE schedules SET status = @status, is_active = @is_active, updated_at = @time WHERE id = @id',
            params: { id: event.data.scheduleId, time, status: 'paused' satisfies ScheduleStatus, is_active: bit(statusFlags('paused').isActive) },
          },
        ];
      case 'ScheduleResumed':
        return [
          {
            sql: 'UPDATE schedules SET status = @status, is_active = @is_active, next_run_time = @next_run_time, updated_at = @time WHERE id = @id',
            params: { id: event.data.scheduleId, time, status: 'pending' satisfies ScheduleStatus, is_active: bit(statusFlags('pending').isActive), next_run_time: event.data.nextRunTime },
          },
        ];
      case 'ScheduleRunRecorded': {
        const d = event.data;
        const ran = d.outcome !== 'skipped';
        return [
          {
            // A run is not an edit by the user: updated_at stays.
            sql: `UPDATE schedules SET next_run_time = @next_run_time, last_template_index = @last_template_index, last_run_outcome = @outcome,
                    is_executed = MAX(is_executed, @executed), status = CASE WHEN @executed = 1 THEN @executed_status ELSE status END,
                    last_executed_at = CASE WHEN @ran = 1 THEN @at ELSE last_executed_at END, run_count = run_count + @ran
                  WHERE id = @id`,
            params: {
              id: d.scheduleId,
              next_run_time: d.nextRunTime,
              last_template_index: d.lastTemplateIndex,
              outcome: d.outcome,
              executed: bit(d.executed),
              executed_status: 'executed' satisfies ScheduleStatus,
              ran: bit(ran),
              at: d.at,
            },
          },
        ];
      }
      case 'ScheduleRunClaimed':
        // Who runs a slot is the scheduler's business; lists show the run once it is recorded.
        return [];
      case 'ScheduleBatchCompleted':
        // The batch's schedules count from now on (list order keeps their creation time).
        return [{ sql: 'UPDATE schedules SET pending_batch = NULL WHERE pending_batch = @batch', params: { batch: event.data.batchId } }];
      case 'ScheduleBatchAbandoned':
        // Its schedules are deleted one by one by the recovery; nothing to show meanwhile.
        return [];
      default:
        return assertNever(event, 'schedule event');
    }
  },
};

/** The schedules projection applied to a real SQLite :memory: database. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Position } from '@core/eventstore/types';
import { projectEvents } from '@core/shared/projection';
import { decideSchedule, scheduleDecider } from './decide';
import type { ScheduleDraft } from './model';
import { SCHEDULE_BATCH_EVENT_TYPES } from './batch';
import { schedulesProjection, type RecordedScheduleEvent } from './projection';
import { SCHEDULE_EVENT_TYPES, scheduleStream, type ScheduleCommand, type ScheduleEvent, type ScheduleState } from './schedule';

let n = 0;
const recorded = (event: ScheduleEvent, time: string): RecordedScheduleEvent => {
  n += 1;
  return {
    id: `e${n}`,
    type: event.type,
    data: event.data,
    metadata: { actor: null, correlationId: 'c', causationId: null, time },
    streamName: scheduleStream('s1'),
    revision: BigInt(n),
    position: String(n).padStart(8, '0') as Position,
  } as RecordedScheduleEvent;
};

const draft: ScheduleDraft = {
  targetAccountId: 'acc-1',
  connectedAccountId: 'x-1',
  content: { kind: 'ai', style: 'hot_take', baseText: 'Base' },
  imageUrl: '/uploads/a.png',
  plan: { kind: 'peak', window: 'evening_peak', recurrence: { type: 'weekly', days: [1, 3] } },
  targetUsername: 'naval',
  accountName: 'me',
};

/** Runs commands through the decider, records the events and applies them to a fresh database. */
const run = (commands: { command: ScheduleCommand; time: string }[]) => {
  const db = new Database(':memory:');
  for (const ddl of schedulesProjection.schema) db.exec(ddl);
  let state: ScheduleState = scheduleDecider.initialState();
  for (const { command, time } of commands) {
    const events = decideSchedule(command, state);
    state = events.reduce(scheduleDecider.evolve, state);
    for (const s of projectEvents(schedulesProjection, events.map((e) => recorded(e, time)))) db.prepare(s.sql).run(s.params as Record<string, unknown>);
  }
  return { db, row: () => db.prepare('SELECT * FROM schedules WHERE id = ?').get('s1') as Record<string, unknown>, state };
};

const NOW = '2026-01-14T10:00:00.000Z'; // Wednesday, 11:00 in Paris
const create: ScheduleCommand = { type: 'CreateSchedule', scheduleId: 's1', userId: 'u1', now: NOW, timeZone: 'Europe/Paris', draft };

describe('schedulesProjection', () => {
  it('handles every schedule event and the batch endings', () => {
    expect([...(schedulesProjection.handles ?? [])].sort()).toEqual([...SCHEDULE_EVENT_TYPES, ...SCHEDULE_BATCH_EVENT_TYPES].sort());
  });

  it('keeps an entry of a bulk batch pending until the batch completes', () => {
    const { db, row } = run([{ command: { ...create, batchId: 'b1' }, time: NOW }]);
    expect(row()).toMatchObject({ pending_batch: 'b1' });
    const ending = (type: 'ScheduleBatchCompleted' | 'ScheduleBatchAbandoned', batchId: string) =>
      ({ ...recorded({ type: 'ScheduleCreated', data: {} } as never, NOW), type, data: { batchId, userId: 'u1', scheduleIds: ['s1'] }, streamName: `schedulebatch-${batchId}` }) as RecordedScheduleEvent;
    const apply = (e: RecordedScheduleEvent) => {
      for (const st of projectEvents(schedulesProjection, [e])) db.prepare(st.sql).run((st.params ?? {}) as Record<string, unknown>);
    };
    apply(ending('ScheduleBatchAbandoned', 'b1'));
    expect(row()).toMatchObject({ pending_batch: 'b1' });
    apply(ending('ScheduleBatchCompleted', 'other'));
    expect(row()).toMatchObject({ pending_batch: 'b1' });
    apply(ending('ScheduleBatchCompleted', 'b1'));
    expect(row()).toMatchObject({ pending_batch: null });
    // A schedule made alone never waits for anything.
    expect(run([{ command: create, time: NOW }]).row()).toMatchObject({ pending_batch: null });
  });

  it('stores the fields the list views need', () => {
    const { row } = run([{ command: create, time: NOW }]);
    expect(row()).toMatchObject({
      user_id: 'u1',
      status: 'pending',
      schedule_type: 'peak_window',
      target_username: 'naval',
      account_name: 'me',
      use_ai: 1,
      viral_style: 'hot_take',
      content: 'Base',
      conditions: JSON.stringify({ content: 'Base', targetAccount: 'naval', imageIncluded: true }),
      peak_window_type: 'evening_peak',
      is_recurring: 1,
      recurring_type: 'weekly',
      recurring_days: '[1,3]',
      recurring_time: '19:30',
      time_zone: 'Europe/Paris',
      next_run_time: '2026-01-14T18:30:00.000Z',
      scheduled_time: null,
      last_executed_at: null,
      created_at: NOW,
      deleted_at: null,
    });
  });

  it('follows runs, deactivation and deletion', () => {
    const ran = run([
      { command: create, time: NOW },
      { command: { type: 'RecordRun', scheduleId: 's1', now: '2026-01-14T18:30:05.000Z', slot: '2026-01-14T18:30:00.000Z', outcome: 'sent' }, time: '2026-01-14T18:30:05.000Z' },
    ]);
    expect(ran.row()).toMatchObject({ next_run_time: '2026-01-19T18:30:00.000Z', last_executed_at: '2026-01-14T18:30:05.000Z', run_count: 1, status: 'pending', updated_at: NOW });

    const stopped = run([
      { command: create, time: NOW },
      { command: { type: 'DeactivateSchedule', scheduleId: 's1', userId: 'u1' }, time: '2026-01-15T00:00:00.000Z' },
      { command: { type: 'DeleteSchedule', scheduleId: 's1', userId: 'u1' }, time: '2026-01-16T00:00:00.000Z' },
    ]);
    expect(stopped.row()).toMatchObject({ status: 'inactive', is_active: 0, next_run_time: null, deleted_at: '2026-01-16T00:00:00.000Z' });
  });

  it('marks a one-time schedule executed', () => {
    const once: ScheduleCommand = { ...create, draft: { ...draft, plan: { kind: 'once', at: '2026-01-15T08:00:00.000Z' } } } as ScheduleCommand;
    const { row, db } = run([
      { command: once, time: NOW },
      { command: { type: 'RecordRun', scheduleId: 's1', now: '2026-01-15T08:00:01.000Z', slot: '2026-01-15T08:00:00.000Z', outcome: 'failed', reason: 'x' }, time: '2026-01-15T08:00:01.000Z' },
    ]);
    expect(row()).toMatchObject({ status: 'executed', is_executed: 1, next_run_time: null, scheduled_time: '2026-01-15T08:00:00.000Z', last_run_outcome: 'failed' });
    // The due index only holds schedules that can still run.
    expect(db.prepare('SELECT count(*) AS n FROM schedules WHERE deleted_at IS NULL AND is_active = 1 AND is_executed = 0 AND next_run_time IS NOT NULL').get()).toEqual({ n: 0 });
  });
});

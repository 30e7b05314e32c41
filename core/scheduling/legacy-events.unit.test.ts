/**
 * Schedules written before ScheduleCreated carried only facts still load. The fixture holds events
 * captured from the code of that time (every plan and content source, created, deactivated,
 * deleted, run, skipped, a batch entry), with the decider state, the read-model row and the
 * decisions that code made on them. Replaying those events through today's evolve and projection
 * must give the same state, the same row and the same decisions.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Position } from '@core/eventstore/types';
import { isAppError } from '@core/shared/errors';
import { projectEvents } from '@core/shared/projection';
import { decideSchedule, scheduleDecider } from './decide';
import { schedulesProjection, type RecordedScheduleEvent } from './projection';
import { scheduleStream, type ScheduleCommand, type ScheduleCreatedData, type ScheduleEvent, type ScheduleState } from './schedule';
import { upcastScheduleCreated, type StoredScheduleCreated } from './upcast';

type StoredScheduleCreatedData = StoredScheduleCreated<ScheduleCreatedData>;
import { schedulePresentation, statusFlags } from './views';
import captured from './testing/schedule-events-2026-11.json';

interface LegacySchedule extends StoredScheduleCreatedData {
  isActive: boolean;
  isExecuted: boolean;
  deleted: boolean;
}
interface Scenario {
  id: string;
  events: { type: string; data: unknown; time: string }[];
  batchCompleted?: string;
  state: { status: 'exists'; schedule: LegacySchedule };
  row: Record<string, unknown>;
  probes: { command: unknown; outcome: { events?: unknown[]; error?: { code: string; message: string; reason: string | null } } }[];
}
const scenarios = captured as unknown as Scenario[];

const DERIVED = ['scheduleType', 'peakWindowType', 'useAI', 'viralStyle', 'conditions', 'scheduledTime'] as const;

const legacyStatus = (s: LegacySchedule): ScheduleState['status'] => (s.deleted ? 'deleted' : s.isExecuted ? 'executed' : s.isActive ? 'pending' : 'inactive');

const fold = (scenario: Scenario): ScheduleState =>
  scenario.events.map((e) => ({ type: e.type, data: e.data }) as ScheduleEvent).reduce(scheduleDecider.evolve, scheduleDecider.initialState());

const outcome = (command: ScheduleCommand, state: ScheduleState) => {
  try {
    return { events: decideSchedule(command, state) };
  } catch (e) {
    if (isAppError(e)) return { error: { code: e.code, message: e.message, reason: e.reason ?? null } };
    throw e;
  }
};

const createdOf = (scenario: Scenario): StoredScheduleCreatedData => scenario.events[0]!.data as StoredScheduleCreatedData;

describe('ScheduleCreated events of the first shape', () => {
  it('cover every plan, content source and status', () => {
    expect(new Set(scenarios.map((s) => (createdOf(s).plan as { kind: string }).kind))).toEqual(new Set(['immediate', 'once', 'recurring', 'peak', 'auto']));
    expect(new Set(scenarios.map((s) => (createdOf(s).content as { kind: string }).kind))).toEqual(new Set(['text', 'ai', 'template', 'template_group']));
    expect(new Set(scenarios.map((s) => legacyStatus(s.state.schedule)))).toEqual(new Set(['pending', 'inactive', 'executed', 'deleted']));
    expect(scenarios.every((s) => DERIVED.every((k) => k in createdOf(s)))).toBe(true);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s: its derived fields are what views.ts derives from its facts', (_, scenario) => {
    const stored = createdOf(scenario);
    const facts = upcastScheduleCreated(stored);
    expect(Object.keys(facts).some((k) => (DERIVED as readonly string[]).includes(k))).toBe(false);
    expect({ ...facts, ...pick(schedulePresentation(facts), DERIVED) }).toEqual(stored);
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s: folds to the same schedule, in the case its flags named', (_, scenario) => {
    const state = fold(scenario);
    const { isActive, isExecuted, deleted, ...legacy } = scenario.state.schedule;
    const expectedStatus = legacyStatus(scenario.state.schedule);
    expect(state.status).toBe(expectedStatus);
    expect(state.status !== 'none' && state.schedule).toEqual(omit(legacy, DERIVED));
    if (state.status !== 'none' && state.status !== 'deleted') expect(statusFlags(state.status)).toEqual({ isActive, isExecuted });
    expect(deleted).toBe(state.status === 'deleted');
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s: projects to the same row', (_, scenario) => {
    const db = new Database(':memory:');
    for (const ddl of schedulesProjection.schema) db.exec(ddl);
    const recorded = scenario.events.map(
      (e, i) =>
        ({
          id: `e${i}`,
          type: e.type,
          data: e.data,
          metadata: { actor: null, correlationId: 'c', causationId: null, time: e.time },
          streamName: scheduleStream(scenario.id),
          revision: BigInt(i),
          position: String(i + 1).padStart(8, '0') as Position,
        }) as RecordedScheduleEvent,
    );
    if (scenario.batchCompleted !== undefined)
      recorded.push({
        id: 'eb',
        type: 'ScheduleBatchCompleted',
        data: { batchId: scenario.batchCompleted, userId: 'u1', scheduleIds: [scenario.id] },
        metadata: { actor: null, correlationId: 'c', causationId: null, time: scenario.events[0]!.time },
        streamName: 'schedule-batch',
        revision: 0n,
        position: '99999999' as Position,
      } as RecordedScheduleEvent);
    for (const s of projectEvents(schedulesProjection, recorded)) db.prepare(s.sql).run(s.params as Record<string, unknown>);
    // The row as it was, plus the later post_rule column: NULL, a schedule made before schedules chose their post.
    expect(db.prepare('SELECT * FROM schedules WHERE id = ?').get(scenario.id)).toEqual({ ...scenario.row, post_rule: null });
  });

  it.each(scenarios.map((s) => [s.id, s] as const))('%s: the decider decides on it as it did', (_, scenario) => {
    const state = fold(scenario);
    for (const probe of scenario.probes) expect(JSON.parse(JSON.stringify(outcome(probe.command as ScheduleCommand, state)))).toEqual(probe.outcome);
  });
});

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}

function omit<T extends object>(o: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) as Partial<T>;
}

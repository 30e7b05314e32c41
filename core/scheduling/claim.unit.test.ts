import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { scheduleDecider } from './decide';
import { SCHEDULE_MESSAGES } from './messages';
import type { Plan } from './model';
import { runReplyId, type ScheduleCommand, type ScheduleEvent } from './schedule';

const spec = deciderSpec(scheduleDecider);
const id = 's1';
const owner = 'u1';
const SLOT = '2026-01-15T08:00:00.000Z';
const LEASE = 60_000;
const after = (ms: number) => new Date(Date.parse(SLOT) + ms).toISOString();

const createdWith = (plan: Plan): ScheduleEvent => {
  const [event] = scheduleDecider.decide(
    {
      type: 'CreateSchedule',
      scheduleId: id,
      userId: owner,
      now: '2026-01-14T10:00:00.000Z',
      timeZone: 'UTC',
      draft: { targetAccountId: 'acc-1', connectedAccountId: 'x-1', content: { kind: 'text', text: 'Hi' }, imageUrl: null, plan },
    },
    scheduleDecider.initialState(),
  );
  return event as ScheduleEvent;
};
const once = createdWith({ kind: 'once', at: SLOT });
const daily = createdWith({ kind: 'recurring', rule: { type: 'daily', time: { hour: 8, minute: 0 } } } as Plan);
const auto = createdWith({ kind: 'auto', delayMinutes: 0 });

const claim = (claimant: string, now = after(1_000), slot = SLOT): ScheduleCommand => ({ type: 'ClaimRun', scheduleId: id, slot, now, claimant, leaseMs: LEASE });
const claimed = (claimant: string, now = after(1_000), slot = SLOT): ScheduleEvent => ({
  type: 'ScheduleRunClaimed',
  data: {
    scheduleId: id,
    userId: owner,
    slot,
    replyId: runReplyId(id, slot),
    claimant,
    claimedAt: now,
    leaseUntil: new Date(Date.parse(now) + LEASE).toISOString(),
  },
});
const recorded = (slot = SLOT, now = after(5_000)): ScheduleCommand => ({ type: 'RecordRun', scheduleId: id, slot, now, outcome: 'sent' });

describe('ClaimRun', () => {
  it('emits ScheduleRunClaimed for the current run, with a replyId derived from the schedule and the slot', () => {
    const state = spec.given(once).when(claim('A')).then([claimed('A')]);
    expect(state.status === 'pending' && state.claim?.replyId).toBe(`${id}:${Date.parse(SLOT)}`);
  });

  it('lets a second claimant take over once the lease has passed, with the same replyId', () => {
    const takeover = claimed('B', after(1_000 + LEASE));
    spec.given(once, claimed('A')).when(claim('B', after(1_000 + LEASE))).then([takeover]);
    expect(takeover.type === 'ScheduleRunClaimed' && takeover.data.replyId).toBe(runReplyId(id, SLOT));
  });

  it('refuses a second claimant while the claim is live (RUN_CLAIMED), so exactly one wins', () => {
    const error = spec.given(once, claimed('A')).when(claim('B', after(2_000))).thenRefuses('conflict', SCHEDULE_MESSAGES.runClaimed);
    expect(error.reason).toBe('RUN_CLAIMED');
  });

  it('claims a run up to its lead ahead of its time (to prepare the reply), never earlier', () => {
    const ahead = (now: string, aheadMs: number): ScheduleCommand => ({ ...claim('A', now), aheadMs }) as ScheduleCommand;
    spec.given(once).when(ahead(after(-20_000), 30_000)).then([claimed('A', after(-20_000))]);
    spec.given(once).when(ahead(after(-30_000), 30_000)).then([claimed('A', after(-30_000))]);
    expect(spec.given(once).when(ahead(after(-30_001), 30_000)).thenRefuses('conflict').reason).toBe('RUN_NOT_DUE');
    expect(spec.given(once).when(ahead(after(-20_000), 10_000)).thenRefuses('conflict').reason).toBe('RUN_NOT_DUE');
    spec.given(once).when(ahead(after(-20_000), -1)).thenRefuses('internal');
  });

  it('refuses a slot that is not the current run, a run not yet due, and closed schedules', () => {
    expect(spec.given(once).when(claim('A', after(1_000), after(60_000 * 60))).thenRefuses('conflict').reason).toBe('RUN_NOT_DUE');
    expect(spec.given(once).when(claim('A', after(-1_000))).thenRefuses('conflict').reason).toBe('RUN_NOT_DUE');
    const executed = scheduleDecider.decide(recorded(), fold(scheduleDecider, [once]));
    expect(spec.given(once, ...executed).when(claim('A')).thenRefuses('conflict').reason).toBe('SCHEDULE_INACTIVE');
    spec.given().when(claim('A')).thenRefuses('not_found');
    spec.given(once, { type: 'ScheduleDeleted', data: { scheduleId: id, userId: owner } }).when(claim('A')).thenRefuses('not_found');
  });

  it('stays quiet when the same claimant claims its live run again (a retry)', () => {
    spec.given(once, claimed('A')).when(claim('A', after(2_000))).thenNothing();
  });

  it('ends with RecordRun: a recurring schedule is claimable again at its next run, not at the old slot', () => {
    const history = [daily, claimed('A')];
    const ran = scheduleDecider.decide(recorded(), fold(scheduleDecider, history));
    const state = fold(scheduleDecider, [...history, ...ran]);
    expect(state.status === 'pending' && [state.claim, state.schedule.nextRunTime]).toEqual([undefined, '2026-01-16T08:00:00.000Z']);
    expect(spec.given(...history, ...ran).when(claim('B', after(10_000))).thenRefuses('conflict').reason).toBe('RUN_NOT_DUE');
    const next = '2026-01-16T08:00:00.000Z';
    spec.given(...history, ...ran).when(claim('B', next, next)).then([claimed('B', next, next)]);
  });

  it('claims each post of an auto schedule once; a recorded slot is neither claimed nor recorded again', () => {
    const post1 = SLOT;
    spec.given(auto).when(claim('A', after(1_000), post1)).then([claimed('A', after(1_000), post1)]);
    const ran = scheduleDecider.decide(recorded(post1), fold(scheduleDecider, [auto, claimed('A', after(1_000), post1)]));
    const history = [auto, claimed('A', after(1_000), post1), ...ran];
    expect(spec.given(...history).when(claim('B', after(9_000), post1)).thenRefuses('conflict').reason).toBe('RUN_NOT_DUE');
    spec.given(...history).when(recorded(post1, after(9_000))).thenNothing();
    const post2 = after(8_000);
    spec.given(...history).when(claim('B', after(9_000), post2)).then([claimed('B', after(9_000), post2)]);
  });

  it('property: however claims by several processes interleave with time, at most one live claim exists and every claim of the run names one replyId', () => {
    const step = fc.record({ claimant: fc.constantFrom('A', 'B', 'C'), advance: fc.integer({ min: 0, max: 2 * LEASE }) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const history: ScheduleEvent[] = [once];
        let now = Date.parse(SLOT);
        for (const s of steps) {
          now += s.advance;
          const state = fold(scheduleDecider, history);
          const liveBefore = state.status === 'pending' && state.claim !== undefined && now < Date.parse(state.claim.leaseUntil) ? state.claim.claimant : null;
          try {
            const events = scheduleDecider.decide(claim(s.claimant, new Date(now).toISOString()), state);
            // A new claim only when nobody else holds a live one.
            if (events.length > 0) expect(liveBefore === null || liveBefore === s.claimant).toBe(true);
            history.push(...events);
          } catch (error) {
            expect(error instanceof AppError && error.reason).toBe('RUN_CLAIMED');
            expect(liveBefore).not.toBeNull();
            expect(liveBefore).not.toBe(s.claimant);
          }
        }
        const ids = new Set(history.flatMap((e) => (e.type === 'ScheduleRunClaimed' ? [e.data.replyId] : [])));
        expect(ids.size).toBeLessThanOrEqual(1);
      }),
    );
  });
});

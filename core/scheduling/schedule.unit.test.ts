import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@core/shared/errors';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { upcomingRuns } from '@core/scheduling/time';
import { scheduleDecider, decideSchedule } from './decide';
import { SCHEDULE_MESSAGES } from './messages';
import type { ScheduleDraft } from './model';
import { evolveSchedule, type ScheduleCommand, type ScheduleCreatedData, type ScheduleEvent, type ScheduleState } from './schedule';
import { schedulePresentation, type SchedulePresentation } from './views';

const spec = deciderSpec(scheduleDecider);
const id = 's1';
const owner = 'u1';
const stranger = 'u2';
const NOW = '2026-01-14T10:00:00.000Z'; // a Wednesday
const ZONE = 'Europe/Paris'; // 11:00 local

/** The post rules a creation records: an exact time answers the freshest post of the hour; a one-time peak or immediate reply the next post. */
const FRESHEST_HOUR = { kind: 'freshest', freshnessMinutes: 60 } as const;
const NEXT_POST = { kind: 'next', after: NOW, waitMinutes: 360 } as const;

const draft = (o: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  targetAccountId: 'acc-1',
  connectedAccountId: 'x-1',
  content: { kind: 'text', text: 'Great point!' },
  imageUrl: null,
  plan: { kind: 'once', at: '2026-01-15T08:00:00.000Z' },
  targetUsername: 'naval',
  accountName: 'me',
  ...o,
});

const create = (d: ScheduleDraft = draft(), o: Partial<Extract<ScheduleCommand, { type: 'CreateSchedule' }>> = {}): ScheduleCommand => ({
  type: 'CreateSchedule',
  scheduleId: id,
  userId: owner,
  now: NOW,
  timeZone: ZONE,
  draft: d,
  ...o,
});

/** A creation's facts and the presentation views.ts derives from them. */
type Described = ScheduleCreatedData & Pick<SchedulePresentation, 'scheduleType' | 'peakWindowType' | 'useAI' | 'viralStyle' | 'conditions' | 'scheduledTime'>;

const described = (o: Partial<Described> = {}): Described => ({
  scheduleId: id,
  userId: owner,
  timeZone: ZONE,
  scheduleType: 'scheduled',
  targetAccountId: 'acc-1',
  targetUsername: 'naval',
  connectedAccountId: 'x-1',
  accountName: 'me',
  content: { kind: 'text', text: 'Great point!' },
  imageUrl: null,
  plan: { kind: 'once', at: '2026-01-15T08:00:00.000Z' },
  post: FRESHEST_HOUR,
  peakWindowType: null,
  useAI: false,
  viralStyle: null,
  conditions: { content: 'Great point!', targetAccount: 'naval', imageIncluded: false },
  scheduledTime: '2026-01-15T08:00:00.000Z',
  nextRunTime: '2026-01-15T08:00:00.000Z',
  mentionsRemoved: [],
  ...o,
});
/** The event carries the facts only; what lists show is derived from them, and must be what `o` says. */
const created = (o: Partial<Described> = {}): ScheduleEvent => {
  const { scheduleType, peakWindowType, useAI, viralStyle, conditions, scheduledTime, ...facts } = described(o);
  expect(schedulePresentation(facts)).toMatchObject({ scheduleType, peakWindowType, useAI, viralStyle, conditions, scheduledTime });
  return { type: 'ScheduleCreated', data: facts };
};

const dailyNine = { kind: 'recurring' as const, rule: { type: 'daily' as const, time: { hour: 9, minute: 0 } } };
const recurringCreated = created({
  scheduleType: 'recurring',
  plan: dailyNine,
  scheduledTime: null,
  nextRunTime: '2026-01-15T08:00:00.000Z', // 9:00 Paris tomorrow (11:00 now)
});

const record = (slot: string, now = slot, o: Partial<Extract<ScheduleCommand, { type: 'RecordRun' }>> = {}): ScheduleCommand => ({
  type: 'RecordRun',
  scheduleId: id,
  now,
  slot,
  outcome: 'sent',
  ...o,
});

describe('CreateSchedule', () => {
  it('emits ScheduleCreated with the next run time of a one-time schedule', () => {
    const state = spec.given().when(create()).then([created()]);
    expect(state.status).toBe('pending');
  });

  it('computes the first run from now for each kind of plan', () => {
    spec.given().when(create(draft({ plan: dailyNine }))).then([recurringCreated]);
    spec
      .given()
      .when(create(draft({ plan: { kind: 'immediate' } })))
      .then([created({ scheduleType: 'immediate', plan: { kind: 'immediate' }, post: NEXT_POST, scheduledTime: NOW, nextRunTime: NOW })]);
    // 11:00 in Paris: lunch (cut-off 11) moves to tomorrow 13:00, evening is today 19:30.
    spec
      .given()
      .when(create(draft({ plan: { kind: 'peak', window: 'lunch_hour', recurrence: null } })))
      .then([
        created({
          scheduleType: 'peak_window',
          plan: { kind: 'peak', window: 'lunch_hour', recurrence: null },
          post: NEXT_POST,
          peakWindowType: 'lunch_hour',
          scheduledTime: '2026-01-15T12:00:00.000Z',
          nextRunTime: '2026-01-15T12:00:00.000Z',
        }),
      ]);
    // Weekly Mondays at the evening window: today's slot (Wednesday) is not a Monday: next Monday.
    spec
      .given()
      .when(create(draft({ plan: { kind: 'peak', window: 'evening_peak', recurrence: { type: 'weekly', days: [1] } } })))
      .then([
        created({
          scheduleType: 'peak_window',
          plan: { kind: 'peak', window: 'evening_peak', recurrence: { type: 'weekly', days: [1] } },
          peakWindowType: 'evening_peak',
          scheduledTime: null,
          nextRunTime: '2026-01-19T18:30:00.000Z',
        }),
      ]);
    spec
      .given()
      .when(create(draft({ plan: { kind: 'auto', delayMinutes: 5 } })))
      .then([created({ scheduleType: 'auto', plan: { kind: 'auto', delayMinutes: 5 }, post: null, scheduledTime: null, nextRunTime: null })]);
  });

  it('keeps the post the user chose, refuses a wait or window out of range and their next post for a recurring reply', () => {
    spec
      .given()
      .when(create(draft({ post: { kind: 'next', waitMinutes: 30 } })))
      .then([created({ post: { kind: 'next', after: NOW, waitMinutes: 30 } })]);
    spec.given().when(create(draft({ post: { kind: 'freshest', freshnessMinutes: 0 } }))).thenRefuses('validation');
    spec.given().when(create(draft({ post: { kind: 'next', waitMinutes: 7 * 24 * 60 + 1 } }))).thenRefuses('validation');
    spec.given().when(create(draft({ plan: dailyNine, post: { kind: 'next', waitMinutes: 30 } }))).thenRefuses('validation');
    // An auto schedule answers the post the watcher saw: a choice is not kept.
    spec
      .given()
      .when(create(draft({ plan: { kind: 'auto', delayMinutes: 0 }, post: { kind: 'next', waitMinutes: 30 } })))
      .then([created({ scheduleType: 'auto', plan: { kind: 'auto', delayMinutes: 0 }, post: null, scheduledTime: null, nextRunTime: null })]);
  });

  it('strips mentions from fixed and AI base text, and says which', () => {
    spec
      .given()
      .when(create(draft({ content: { kind: 'text', text: 'Agreed @elon, well said' } })))
      .then([
        created({
          content: { kind: 'text', text: 'Agreed, well said' },
          conditions: { content: 'Agreed, well said', targetAccount: 'naval', imageIncluded: false },
          mentionsRemoved: ['@elon'],
        }),
      ]);
    spec
      .given()
      .when(create(draft({ content: { kind: 'ai', style: 'hot_take', baseText: '@bob' }, imageUrl: '/uploads/a.png' })))
      .then([
        created({
          content: { kind: 'ai', style: 'hot_take', baseText: null },
          useAI: true,
          viralStyle: 'hot_take',
          imageUrl: '/uploads/a.png',
          conditions: { content: null, targetAccount: 'naval', imageIncluded: true },
          mentionsRemoved: ['@bob'],
        }),
      ]);
  });

  it("refuses a one-time schedule in the past with the spec's message", () => {
    const e = spec.given().when(create(draft({ plan: { kind: 'once', at: NOW } }))).thenRefuses('validation', SCHEDULE_MESSAGES.mustBeFuture);
    expect(e.field).toBe('scheduledTime');
  });

  it('refuses bad input: text that was only mentions, no target, an unknown zone, an empty week, a bad delay', () => {
    spec.given().when(create(draft({ content: { kind: 'text', text: '@a @b' } }))).thenRefuses('validation', SCHEDULE_MESSAGES.contentRequired);
    spec.given().when(create(draft({ targetAccountId: ' ' }))).thenRefuses('validation', SCHEDULE_MESSAGES.accountRequired);
    spec.given().when(create(draft({ connectedAccountId: '' }))).thenRefuses('validation', SCHEDULE_MESSAGES.connectedAccountRequired);
    spec.given().when(create(draft(), { timeZone: 'Mars/Base' })).thenRefuses('validation', /Unknown time zone/);
    spec
      .given()
      .when(create(draft({ plan: { kind: 'recurring', rule: { type: 'weekly', days: [], time: { hour: 9, minute: 0 } } } })))
      .thenRefuses('validation', SCHEDULE_MESSAGES.weekdaysRequired);
    spec.given().when(create(draft({ plan: { kind: 'auto', delayMinutes: -1 } }))).thenRefuses('validation', SCHEDULE_MESSAGES.delayRange);
    spec.given().when(create(draft({ content: { kind: 'template', templateId: '' } }))).thenRefuses('validation', SCHEDULE_MESSAGES.templateRequired);
  });

  it('refuses an id taken by another schedule or user, stays quiet on a re-sent create', () => {
    spec.given(created()).when(create(draft({ content: { kind: 'text', text: 'Other' } }))).thenRefuses('conflict');
    spec.given(created()).when(create(draft(), { userId: stranger })).thenRefuses('conflict');
    spec.given(created()).when(create()).thenNothing();
    // A retry a minute later describes the same schedule even though "now" moved.
    spec.given(recurringCreated).when(create(draft({ plan: dailyNine }), { now: '2026-01-14T10:01:00.000Z' })).thenNothing();
    // So does a "next post" one, whose rule counts from the first create.
    const next = created({ scheduleType: 'immediate', plan: { kind: 'immediate' }, post: NEXT_POST, scheduledTime: NOW, nextRunTime: NOW });
    spec.given(next).when(create(draft({ plan: { kind: 'immediate' } }), { now: '2026-01-14T10:01:00.000Z' })).thenNothing();
  });
});

describe('DeleteSchedule', () => {
  const remove = (userId = owner): ScheduleCommand => ({ type: 'DeleteSchedule', scheduleId: id, userId });
  const deleted: ScheduleEvent = { type: 'ScheduleDeleted', data: { scheduleId: id, userId: owner } };
  const executed: ScheduleEvent = {
    type: 'ScheduleRunRecorded',
    data: {
      scheduleId: id,
      userId: owner,
      slot: '2026-01-15T08:00:00.000Z',
      at: '2026-01-15T08:00:01.000Z',
      outcome: 'sent',
      reason: null,
      templateId: null,
      lastTemplateIndex: 0,
      nextRunTime: null,
      executed: true,
    },
  };

  it('emits ScheduleDeleted for a pending schedule', () => {
    spec.given(created()).when(remove()).then([deleted]);
  });

  it("refuses an executed schedule, and another user's or a missing one as not_found", () => {
    spec.given(created(), executed).when(remove()).thenRefuses('conflict', SCHEDULE_MESSAGES.executedCannotBeDeleted);
    spec.given(created()).when(remove(stranger)).thenRefuses('not_found', SCHEDULE_MESSAGES.notFound);
    spec.given().when(remove()).thenRefuses('not_found');
  });

  it('stays quiet when deleted twice', () => {
    spec.given(created(), deleted).when(remove()).thenNothing();
  });
});

describe('MoveSchedule', () => {
  const move = (connectedAccountId = 'x-2', userId = owner): ScheduleCommand => ({ type: 'MoveSchedule', scheduleId: id, userId, connectedAccountId, accountName: 'other' });
  const moved: ScheduleEvent = { type: 'ScheduleMoved', data: { scheduleId: id, userId: owner, connectedAccountId: 'x-2', accountName: 'other' } };

  it('moves a pending schedule to another account from its next run on, keeping everything else', () => {
    const state = spec.given(created()).when(move()).then([moved]);
    expect(state.status).toBe('pending');
    expect(state.status !== 'none' && [state.schedule.connectedAccountId, state.schedule.accountName, state.schedule.nextRunTime]).toEqual(['x-2', 'other', '2026-01-15T08:00:00.000Z']);
  });

  it("refuses an executed schedule, another user's, a deleted or missing one, and an empty account", () => {
    const ran: ScheduleEvent = {
      type: 'ScheduleRunRecorded',
      data: { scheduleId: id, userId: owner, slot: '2026-01-15T08:00:00.000Z', at: '2026-01-15T08:00:01.000Z', outcome: 'sent', reason: null, templateId: null, lastTemplateIndex: 0, nextRunTime: null, executed: true },
    };
    spec.given(created(), ran).when(move()).thenRefuses('conflict', SCHEDULE_MESSAGES.executedCannotBeMoved);
    spec.given(created()).when(move('x-2', stranger)).thenRefuses('not_found', SCHEDULE_MESSAGES.notFound);
    spec.given(created(), { type: 'ScheduleDeleted', data: { scheduleId: id, userId: owner } }).when(move()).thenRefuses('not_found');
    spec.given().when(move()).thenRefuses('not_found');
    spec.given(created()).when(move('  ')).thenRefuses('validation', SCHEDULE_MESSAGES.connectedAccountRequired);
  });

  it('stays quiet when moved to the account it already has', () => {
    spec.given(created()).when(move('x-1')).thenNothing();
    spec.given(created(), moved).when(move()).thenNothing();
  });
});

describe('DeactivateSchedule', () => {
  const deactivate = (userId = owner): ScheduleCommand => ({ type: 'DeactivateSchedule', scheduleId: id, userId });
  const deactivated: ScheduleEvent = { type: 'ScheduleDeactivated', data: { scheduleId: id, userId: owner } };

  it('emits ScheduleDeactivated; the schedule shows as inactive with no next run', () => {
    const state = spec.given(recurringCreated).when(deactivate()).then([deactivated]);
    expect(state.status !== 'none' && [state.status, state.schedule.nextRunTime]).toEqual(['inactive', null]);
  });

  it("refuses another user's schedule as not_found", () => {
    spec.given(recurringCreated).when(deactivate(stranger)).thenRefuses('not_found');
  });

  it('stays quiet when already inactive', () => {
    spec.given(recurringCreated, deactivated).when(deactivate()).thenNothing();
  });
});

describe('EditSchedule', () => {
  const edit = (d: ScheduleDraft, o: Partial<Extract<ScheduleCommand, { type: 'EditSchedule' }>> = {}): ScheduleCommand => ({ type: 'EditSchedule', scheduleId: id, userId: owner, now: NOW, draft: d, ...o });
  const facts = (o: Partial<ScheduleCreatedData> = {}) => {
    // An edit keeps the post rule the schedule chose (the event does not carry it).
    const { batchId: _b, post: _p, ...rest } = { ...(created().data as ScheduleCreatedData), ...o };
    return rest;
  };

  it('emits ScheduleEdited: new text keeps the next run, a new plan decides it again from now', () => {
    const text = spec.given(created()).when(edit(draft({ content: { kind: 'text', text: 'Better @bob' } }))).then([
      { type: 'ScheduleEdited', data: facts({ content: { kind: 'text', text: 'Better' }, mentionsRemoved: ['@bob'] }) },
    ]);
    expect(text.status !== 'none' && text.schedule.nextRunTime).toBe('2026-01-15T08:00:00.000Z');
    const daily = spec.given(created()).when(edit(draft({ plan: dailyNine }))).then([{ type: 'ScheduleEdited', data: facts({ plan: dailyNine, nextRunTime: '2026-01-15T08:00:00.000Z' }) }]);
    expect(daily.status).toBe('pending');
    const later = spec.given(created()).when(edit(draft({ plan: { kind: 'once', at: '2026-01-20T08:00:00.000Z' } }))).then([
      { type: 'ScheduleEdited', data: facts({ plan: { kind: 'once', at: '2026-01-20T08:00:00.000Z' }, nextRunTime: '2026-01-20T08:00:00.000Z' }) },
    ]);
    expect(later.status !== 'none' && later.schedule.nextRunTime).toBe('2026-01-20T08:00:00.000Z');
  });

  it("refuses an executed or stopped schedule, another user's, a run in progress, and bad input", () => {
    const ran: ScheduleEvent = {
      type: 'ScheduleRunRecorded',
      data: { scheduleId: id, userId: owner, slot: '2026-01-15T08:00:00.000Z', at: '2026-01-15T08:00:01.000Z', outcome: 'sent', reason: null, templateId: null, lastTemplateIndex: 0, nextRunTime: null, executed: true },
    };
    spec.given(created(), ran).when(edit(draft({ content: { kind: 'text', text: 'x' } }))).thenRefuses('conflict', SCHEDULE_MESSAGES.executedCannotBeEdited);
    spec.given(created(), { type: 'ScheduleDeactivated', data: { scheduleId: id, userId: owner } }).when(edit(draft())).thenRefuses('conflict', SCHEDULE_MESSAGES.notActive);
    spec.given(created()).when(edit(draft(), { userId: stranger })).thenRefuses('not_found');
    const claimed: ScheduleEvent = {
      type: 'ScheduleRunClaimed',
      data: { scheduleId: id, userId: owner, slot: '2026-01-15T08:00:00.000Z', replyId: 'r', claimant: 'p1', claimedAt: '2026-01-15T07:59:30.000Z', leaseUntil: '2026-01-15T08:05:00.000Z' },
    };
    spec.given(created(), claimed).when(edit(draft({ content: { kind: 'text', text: 'x' } }), { now: '2026-01-15T07:59:40.000Z' })).thenRefuses('conflict', SCHEDULE_MESSAGES.runInProgress);
    spec.given(created()).when(edit(draft({ plan: { kind: 'once', at: '2026-01-01T08:00:00.000Z' } }))).thenRefuses('validation');
    spec.given(created()).when(edit(draft({ content: { kind: 'text', text: '@only' } }))).thenRefuses('validation', SCHEDULE_MESSAGES.contentRequired);
  });

  it('stays quiet when the edit changes nothing', () => {
    spec.given(created()).when(edit(draft())).thenNothing();
  });
});

describe('PauseSchedule and ResumeSchedule', () => {
  const pause = (o: Partial<Extract<ScheduleCommand, { type: 'PauseSchedule' }>> = {}): ScheduleCommand => ({ type: 'PauseSchedule', scheduleId: id, userId: owner, now: NOW, ...o });
  const resume = (now = NOW, userId = owner): ScheduleCommand => ({ type: 'ResumeSchedule', scheduleId: id, userId, now });
  const paused: ScheduleEvent = { type: 'SchedulePaused', data: { scheduleId: id, userId: owner } };

  it('pauses a pending schedule (no claim, no run) and resumes it at the run it had, or the rule’s next after now', () => {
    const state = spec.given(created()).when(pause()).then([paused]);
    expect(state.status).toBe('paused');
    spec.given(created(), paused).when({ type: 'ClaimRun', scheduleId: id, slot: '2026-01-15T08:00:00.000Z', now: '2026-01-15T08:00:00.000Z', claimant: 'p', leaseMs: 1000 }).thenRefuses('conflict');
    spec.given(created(), paused).when(resume()).then([{ type: 'ScheduleResumed', data: { scheduleId: id, userId: owner, nextRunTime: '2026-01-15T08:00:00.000Z' } }]);
    // Three days on, a daily 9:00 resumes at the next 9:00 after now.
    spec.given(recurringCreated, paused).when(resume('2026-01-18T10:00:00.000Z')).then([{ type: 'ScheduleResumed', data: { scheduleId: id, userId: owner, nextRunTime: '2026-01-19T08:00:00.000Z' } }]);
  });

  it('refuses resuming a one-time schedule whose time passed, another user’s, an executed one, and a pause mid-run', () => {
    spec.given(created(), paused).when(resume('2026-01-16T00:00:00.000Z')).thenRefuses('conflict', SCHEDULE_MESSAGES.timePassedWhilePaused);
    spec.given(created()).when(pause({ userId: stranger })).thenRefuses('not_found');
    const ran: ScheduleEvent = {
      type: 'ScheduleRunRecorded',
      data: { scheduleId: id, userId: owner, slot: '2026-01-15T08:00:00.000Z', at: '2026-01-15T08:00:01.000Z', outcome: 'sent', reason: null, templateId: null, lastTemplateIndex: 0, nextRunTime: null, executed: true },
    };
    spec.given(created(), ran).when(pause()).thenRefuses('conflict', SCHEDULE_MESSAGES.executedCannotBePaused);
    const claimed: ScheduleEvent = {
      type: 'ScheduleRunClaimed',
      data: { scheduleId: id, userId: owner, slot: '2026-01-15T08:00:00.000Z', replyId: 'r', claimant: 'p1', claimedAt: '2026-01-15T07:59:30.000Z', leaseUntil: '2026-01-15T08:05:00.000Z' },
    };
    spec.given(created(), claimed).when(pause({ now: '2026-01-15T07:59:40.000Z' })).thenRefuses('conflict', SCHEDULE_MESSAGES.runInProgress);
  });

  it('stays quiet pausing twice or resuming a running schedule', () => {
    spec.given(created(), paused).when(pause()).thenNothing();
    spec.given(created()).when(resume()).thenNothing();
  });
});

describe('RecordRun', () => {
  it('closes a one-time schedule: executed, no next run', () => {
    const state = spec.given(created()).when(record('2026-01-15T08:00:00.000Z', '2026-01-15T08:00:02.000Z')).then([
      {
        type: 'ScheduleRunRecorded',
        data: {
          scheduleId: id,
          userId: owner,
          slot: '2026-01-15T08:00:00.000Z',
          at: '2026-01-15T08:00:02.000Z',
          outcome: 'sent',
          reason: null,
          templateId: null,
          lastTemplateIndex: 0,
          nextRunTime: null,
          executed: true,
        },
      },
    ]);
    expect(state.status !== 'none' && [state.status, state.schedule.lastExecutedAt]).toEqual(['executed', '2026-01-15T08:00:02.000Z']);
  });

  it('advances a recurring schedule, past every run missed while the scheduler was down', () => {
    const [event] = decideSchedule(record('2026-01-15T08:00:00.000Z', '2026-01-18T12:00:00.000Z', { outcome: 'skipped', reason: 'too late' }), fold(recurringCreated));
    expect(event?.type === 'ScheduleRunRecorded' && [event.data.nextRunTime, event.data.executed]).toEqual(['2026-01-19T08:00:00.000Z', false]);
  });

  it('moves the rotation cursor of a template group schedule', () => {
    const [event] = decideSchedule(record('2026-01-15T08:00:00.000Z', undefined, { templateId: 't2', nextTemplateIndex: 2 }), fold(recurringCreated));
    expect(event?.type === 'ScheduleRunRecorded' && [event.data.templateId, event.data.lastTemplateIndex]).toEqual(['t2', 2]);
  });

  it('keeps an auto schedule waiting for the next post', () => {
    const auto = created({ scheduleType: 'auto', plan: { kind: 'auto', delayMinutes: 5 }, scheduledTime: null, nextRunTime: null });
    const [event] = decideSchedule(record('2026-01-15T08:05:00.000Z'), fold(auto));
    expect(event?.type === 'ScheduleRunRecorded' && [event.data.nextRunTime, event.data.executed]).toEqual([null, false]);
  });

  it('refuses a deleted or inactive schedule', () => {
    spec.given(created(), { type: 'ScheduleDeleted', data: { scheduleId: id, userId: owner } }).when(record('2026-01-15T08:00:00.000Z')).thenRefuses('not_found');
    spec
      .given(recurringCreated, { type: 'ScheduleDeactivated', data: { scheduleId: id, userId: owner } })
      .when(record('2026-01-15T08:00:00.000Z'))
      .thenRefuses('conflict', SCHEDULE_MESSAGES.notActive);
  });

  it('stays quiet for a slot already recorded or not due', () => {
    spec.given(created()).when(record('2026-01-16T08:00:00.000Z')).thenNothing();
    const first = decideSchedule(record('2026-01-15T08:00:00.000Z'), fold(created()));
    spec.given(created(), ...first).when(record('2026-01-15T08:00:00.000Z')).thenNothing();
  });
});

const fold = (...events: ScheduleEvent[]): ScheduleState => events.reduce(evolveSchedule, scheduleDecider.initialState());

describe('decider properties', () => {
  const zones = ['UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'America/Santiago'];
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });

  it("refuses every one-time schedule at or before now with the spec's message, and accepts every later one", () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, fc.integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 }), (zone, now, delta) => {
        const command = create(draft({ plan: { kind: 'once', at: new Date(now + delta).toISOString() } }), {
          now: new Date(now).toISOString(),
          timeZone: zone,
        });
        if (delta <= 0) {
          const refusal = (() => {
            try {
              decideSchedule(command, { status: 'none' });
            } catch (e) {
              return e;
            }
            return null;
          })();
          expect(refusal).toBeInstanceOf(AppError);
          expect([(refusal as AppError).code, (refusal as AppError).message, (refusal as AppError).field]).toEqual([
            'validation',
            SCHEDULE_MESSAGES.mustBeFuture,
            'scheduledTime',
          ]);
        } else {
          const [event] = decideSchedule(command, { status: 'none' });
          expect(event?.type === 'ScheduleCreated' && Date.parse(event.data.nextRunTime ?? '')).toBe(now + delta);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("recording each run on time walks the rule's runs in order, none skipped or repeated", () => {
    const rule = fc.oneof(
      fc.record({ type: fc.constant('daily' as const), time: fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }) }),
      fc.record({
        type: fc.constant('monthly' as const),
        days: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 3 }),
        time: fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }),
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), instant, rule, (zone, now, r) => {
        const nowIso = new Date(now).toISOString();
        let state = fold();
        for (const e of decideSchedule(create(draft({ plan: { kind: 'recurring', rule: r } }), { now: nowIso, timeZone: zone }), state)) state = evolveSchedule(state, e);
        const seen: string[] = [];
        for (let i = 0; i < 4; i += 1) {
          const slot = state.status === 'pending' ? state.schedule.nextRunTime : null;
          if (slot === null) throw new Error('a recurring schedule always has a next run');
          seen.push(slot);
          for (const e of decideSchedule(record(slot), state)) state = evolveSchedule(state, e);
        }
        expect(seen).toEqual(upcomingRuns(r, nowIso, zone, 4));
      }),
      { numRuns: 1000 },
    );
  });
});

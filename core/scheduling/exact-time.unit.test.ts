// The classic and V2 calls take an exact time for a one-time reply (issue 14: one time picker):
// the draft's plan is 'once' at that instant; with a recurrence, or unreadable, it is refused with
// the field named; without it the peak window stays the plan.
import { describe, expect, it } from 'vitest';
import { draftFromClassicPayload, draftFromV2 } from './drafts';
import { classicSchedulePayloadSchema } from './schemas/classic';
import { v2ScheduleSchema } from './schemas/v2';
import { SCHEDULE_MESSAGES as M } from './messages';

const AT = '2030-05-06T12:37:00.000Z';
const classic = (extra: Record<string, unknown>) =>
  classicSchedulePayloadSchema.safeParse({
    accountId: 'target-1',
    connectedAccountId: 'x-1',
    peakWindowType: 'lunch_hour',
    conditions: { content: 'Leverage is a choice', targetAccount: 'naval' },
    ...extra,
  });
const v2 = (extra: Record<string, unknown>) =>
  v2ScheduleSchema.safeParse({ accountId: 'target-1', connectedAccountId: 'x-1', peakWindowType: 'lunch_hour', content: 'Compute', ...extra });

describe('exact time in the classic and V2 calls', () => {
  it('plans a one-time reply at the exact instant', () => {
    const c = classic({ exactTime: AT });
    expect(c.success && draftFromClassicPayload(c.data).plan).toEqual({ kind: 'once', at: AT });
    const v = v2({ exactTime: AT });
    expect(v.success && draftFromV2(v.data).plan).toEqual({ kind: 'once', at: AT });
  });

  it('keeps the peak window when there is none (absent, null or blank)', () => {
    for (const exactTime of [undefined, null, '']) {
      const c = classic({ exactTime });
      expect(c.success && draftFromClassicPayload(c.data).plan).toEqual({ kind: 'peak', window: 'lunch_hour', recurrence: null });
      const v = v2({ exactTime });
      expect(v.success && draftFromV2(v.data).plan).toEqual({ kind: 'peak', window: 'lunch_hour', recurrence: null });
    }
  });

  it('refuses an exact time with a recurrence, and an unreadable one, naming exactTime', () => {
    for (const result of [classic({ exactTime: AT, isRecurring: true }), v2({ exactTime: AT, isRecurring: true })]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['exactTime'], message: M.exactTimeOneTime });
    }
    for (const result of [classic({ exactTime: 'tomorrow at 3' }), v2({ exactTime: '2030-05-06' })]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['exactTime'], message: M.exactTimeInvalid });
    }
  });
});

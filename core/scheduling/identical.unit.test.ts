/**
 * scheduleWarnings works out each schedule's keys once and keeps the first schedule of each key,
 * so a batch against thousands of schedules costs one pass. Its answers are those of the plain
 * rule (every schedule made compared with every one before it), checked here on random lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameTextForm } from '@core/text/same-text';
import { variationCount } from '@core/text/spintax';
import { SCHEDULE_WARNINGS, scheduleWarnings, type ScheduleFacts, type ScheduleWarning } from './identical';

// The rule as first written: quadratic, and plain to read.
const contentKey = (s: ScheduleFacts) =>
  s.templateGroupId !== null ? `g${s.templateGroupId}` : s.templateId !== null ? `t${s.templateId}` : s.useAI ? `a${s.viralStyle}|${sameTextForm(s.content ?? '')}` : `x${sameTextForm(s.content ?? '')}`;
const timeKey = (s: ScheduleFacts) => {
  if (s.scheduleType === 'auto') return `auto${s.delayMinutes}`;
  const days = [...(s.recurringDays ?? [])].sort((a, b) => a - b).join(',');
  if (s.isRecurring && s.peakWindowType !== null) return `peak${s.peakWindowType}|${s.recurringType}|${days}|${s.timeZone}`;
  if (s.isRecurring) return `every${s.recurringType}|${days}|${s.recurringTime}|${s.timeZone}`;
  return `once${s.scheduledTime === null ? null : Date.parse(s.scheduledTime)}`;
};
const fixedText = (s: ScheduleFacts, templateText: (id: string) => string | null) => {
  if (s.useAI || s.templateGroupId !== null) return null;
  const text = s.templateId !== null ? templateText(s.templateId) : s.content;
  if (text === null || text.trim() === '' || variationCount(text) > 1) return null;
  return sameTextForm(text);
};
const plainRule = (made: ScheduleFacts[], existing: ScheduleFacts[], templateText: (id: string) => string | null): ScheduleWarning[] => {
  const madeIds = new Set(made.map((m) => m.id));
  const earlier = existing.filter((e) => e.status === 'pending' && !madeIds.has(e.id));
  const out: ScheduleWarning[] = [];
  for (const s of made) {
    const same = earlier.filter((e) => e.connectedAccountId === s.connectedAccountId);
    const identical = same.find((e) => e.accountId === s.accountId && contentKey(e) === contentKey(s) && timeKey(e) === timeKey(s));
    if (identical !== undefined) out.push({ kind: 'identical', scheduleId: s.id, otherScheduleId: identical.id, message: SCHEDULE_WARNINGS.identical(s.accountName, s.targetUsername) });
    else {
      const text = fixedText(s, templateText);
      const twin = text === null ? undefined : same.find((e) => fixedText(e, templateText) === text);
      if (twin !== undefined) out.push({ kind: 'same_text', scheduleId: s.id, otherScheduleId: twin.id, message: SCHEDULE_WARNINGS.sameText(s.accountName) });
    }
    earlier.push(s);
  }
  return out;
};

const facts = (id: number): fc.Arbitrary<ScheduleFacts> =>
  fc.record({
    id: fc.constant(`s${id}`),
    status: fc.constantFrom('pending', 'pending', 'completed') as fc.Arbitrary<ScheduleFacts['status']>,
    connectedAccountId: fc.constantFrom('x1', 'x2'),
    accountName: fc.constant('me'),
    accountId: fc.constantFrom('t1', 't2'),
    targetUsername: fc.constant('them'),
    templateId: fc.constantFrom(null, null, 'tpl1', 'tpl2'),
    templateGroupId: fc.constantFrom(null, null, null, 'g1'),
    content: fc.constantFrom('Great point', 'great point!', '{Great|Sharp} point', 'Other', '', null),
    useAI: fc.boolean(),
    viralStyle: fc.constantFrom(null, 'savage_comeback'),
    scheduleType: fc.constantFrom('scheduled', 'auto') as fc.Arbitrary<ScheduleFacts['scheduleType']>,
    scheduledTime: fc.constantFrom(null, '2026-03-01T09:00:00.000Z', '2026-03-01T09:00:00Z', '2026-03-02T09:00:00.000Z'),
    delayMinutes: fc.constantFrom(0, 5),
    isRecurring: fc.boolean(),
    recurringType: fc.constantFrom('daily', 'weekly') as fc.Arbitrary<ScheduleFacts['recurringType']>,
    recurringDays: fc.constantFrom(null, [1, 3], [3, 1]),
    recurringTime: fc.constantFrom(null, '09:00'),
    peakWindowType: fc.constantFrom(null, 'morning') as fc.Arbitrary<ScheduleFacts['peakWindowType']>,
    timeZone: fc.constant('UTC'),
  });

const list = (from: number, max: number) => fc.integer({ min: 0, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => facts(from + i))));

describe('schedule warnings', () => {
  it('answer what the plain rule answers, on any lists', () => {
    const templateText = (id: string) => (id === 'tpl1' ? 'Great point' : id === 'tpl2' ? '{A|B}' : null);
    fc.assert(
      fc.property(list(0, 12), list(100, 6), (existing, made) => {
        expect(scheduleWarnings(made, existing, templateText)).toEqual(plainRule(made, existing, templateText));
      }),
      { numRuns: 500 },
    );
  });

  it('asks a template\'s text once, however many schedules use it', () => {
    let asked = 0;
    const templateText = () => {
      asked += 1;
      return 'Same words';
    };
    const base = { status: 'pending', connectedAccountId: 'x1', accountName: 'me', accountId: 't1', targetUsername: 'them', templateId: 'tpl1', templateGroupId: null, content: null, useAI: false, viralStyle: null, scheduleType: 'scheduled', scheduledTime: null, delayMinutes: 0, isRecurring: false, recurringType: null, recurringDays: null, recurringTime: null, peakWindowType: null, timeZone: 'UTC' } as const;
    const existing = Array.from({ length: 500 }, (_, i): ScheduleFacts => ({ ...base, id: `e${i}`, scheduledTime: `2026-03-01T09:${String(i % 60).padStart(2, '0')}:00.000Z` }));
    const warnings = scheduleWarnings([{ ...base, id: 'new', scheduledTime: '2026-04-01T09:00:00.000Z' }], existing, templateText);
    expect(warnings).toMatchObject([{ kind: 'same_text', scheduleId: 'new', otherScheduleId: 'e0' }]);
    expect(asked).toBe(1);
  });
});

// The Edit Schedule dialog sends only what the user changed, in the edit's own terms: a text edit
// leaves the plan (and so the next run) alone; a time is read in the user's zone.
import { describe, expect, it } from 'vitest';
import { aScheduleView } from '@core/scheduling/testing/views';
import { editOf, initialEditState, movedTo } from './edit-state';

const PARIS = 'Europe/Paris';
const now = new Date('2026-03-01T10:00:00.000Z');
const once = aScheduleView({ scheduleType: 'scheduled', scheduledTime: '2026-03-04T13:37:00.000Z', nextRunTime: '2026-03-04T13:37:00.000Z', content: 'Old words' });

describe('the edit a dialog sends', () => {
  it('reads a one-time schedule as its text and its exact time in the zone', () => {
    expect(initialEditState(once, PARIS)).toMatchObject({ contentKind: 'text', text: 'Old words', whenKind: 'one_time', exact: { date: '2026-03-04', time: '14:37' }, recurringType: null });
  });

  it('sends nothing for no change, and only the text for a text change', () => {
    const start = initialEditState(once, PARIS);
    expect(editOf(start, start, PARIS, now)).toEqual({ ok: true, edit: {} });
    expect(editOf(start, { ...start, text: 'New words' }, PARIS, now)).toEqual({ ok: true, edit: { content: { kind: 'text', text: 'New words' } } });
  });

  it('sends the new exact time as an instant, and refuses one in the past', () => {
    const start = initialEditState(once, PARIS);
    expect(editOf(start, { ...start, exact: { date: '2026-03-05', time: '16:05' } }, PARIS, now)).toEqual({ ok: true, edit: { when: { kind: 'once', at: '2026-03-05T15:05:00.000Z' } } });
    expect(editOf(start, { ...start, exact: { date: '2026-02-27', time: '16:05' } }, PARIS, now)).toMatchObject({ ok: false, field: 'when' });
  });

  it('turns a one-time reply into a repeating peak window, and keeps a recurring rule in its own terms', () => {
    const start = initialEditState(once, PARIS);
    expect(editOf(start, { ...start, exact: null, peakWindow: 'lunch_hour', recurringType: 'weekly', weeklyDays: [2, 4] }, PARIS, now)).toEqual({
      ok: true,
      edit: { when: { kind: 'peak', window: 'lunch_hour', recurrence: { type: 'weekly', days: [2, 4] } } },
    });
    const rule = aScheduleView({ scheduleType: 'recurring', isRecurring: true, recurringType: 'monthly', recurringDays: [15], recurringTime: '08:30', templateId: 't1', content: null });
    const r = initialEditState(rule, PARIS);
    expect(r).toMatchObject({ contentKind: 'template', templateId: 't1', whenKind: 'recurring', monthDay: 15, ruleTime: '08:30' });
    expect(editOf(r, { ...r, ruleTime: '09:15', connectedAccountId: 'c2' }, PARIS, now)).toEqual({
      ok: true,
      edit: { connectedAccountId: 'c2', when: { kind: 'recurring', rule: { type: 'monthly', days: [15], time: '09:15' } } },
    });
  });

  it('makes a drop a move to that exact time', () => {
    expect(movedTo('2026-03-06T18:30:00.000Z')).toEqual({ when: { kind: 'once', at: '2026-03-06T18:30:00.000Z' } });
  });
});

// The Schedules page's readings of a schedule and its New Schedule dialog state.
import { describe, expect, it } from 'vitest';
import { DELIVERY_HINTS } from '@core/scheduling/time';
import { aScheduleReply, aScheduleView } from '@core/scheduling/testing/views';
import { dialogField, dialogHint, formInput, initialDialogState } from './dialog-state';
import { detailsWeekdays, kindBadge, latestReply, shownTime, sourceLabel, statusBadge, utcOffsetLabel } from './schedule-display';

describe('utcOffsetLabel', () => {
  it('names the offset in force at the instant, DST included, and zero as +00:00', () => {
    expect(utcOffsetLabel('Europe/Paris', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+01:00');
    expect(utcOffsetLabel('Europe/Paris', new Date('2026-07-15T12:00:00Z'))).toBe('UTC+02:00');
    expect(utcOffsetLabel('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe('UTC-03:30');
    expect(utcOffsetLabel('UTC', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+00:00');
    expect(utcOffsetLabel('Asia/Kathmandu', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+05:45');
  });
});

describe('table readings', () => {
  it('shows the next run while pending, the last run once executed, and waits for auto', () => {
    expect(shownTime(aScheduleView({ nextRunTime: '2026-02-01T08:00:00.000Z' }))).toEqual({ at: '2026-02-01T08:00:00.000Z', kind: 'next' });
    expect(shownTime(aScheduleView({ isExecuted: true, status: 'executed', lastExecutedAt: '2026-01-31T08:00:00.000Z' }))).toEqual({
      at: '2026-01-31T08:00:00.000Z',
      kind: 'last',
    });
    expect(shownTime(aScheduleView({ scheduleType: 'auto' }))).toEqual({ at: null, kind: 'waiting' });
  });

  it('names the source: template, group, AI style or fixed text', () => {
    expect(sourceLabel(aScheduleView({ templateId: 't', templateName: 'Thanks' }))).toBe('Thanks');
    expect(sourceLabel(aScheduleView({ templateGroupId: 'g', templateGroupName: 'Rotation' }))).toBe('Group: Rotation');
    expect(sourceLabel(aScheduleView({ templateId: 't', templateName: null }))).toBe('Deleted template');
    expect(sourceLabel(aScheduleView({ useAI: true, viralStyle: 'hot_take' }))).toMatch(/^AI · /);
    // Fixed text shows its first words: two schedules with different replies never read alike.
    expect(sourceLabel(aScheduleView({ content: 'Great point, here is another angle on it' }))).toBe('“Great point, here is another angle on it”');
    expect(sourceLabel(aScheduleView({ content: 'word '.repeat(30) }))).toMatch(/^“(word ){10,}.*…”$/);
    expect(sourceLabel(aScheduleView({ useAI: true, viralStyle: 'hot_take', content: 'Rewrite me' }))).toMatch(/^AI · .* · “Rewrite me”$/);
    expect(sourceLabel(aScheduleView({ content: null }))).toBe('Fixed text');
  });

  it('badges status and kind (recurring type, Auto)', () => {
    expect(statusBadge(aScheduleView())).toEqual({ label: 'Pending', tone: 'info' });
    expect(statusBadge(aScheduleView({ isExecuted: true, status: 'executed' }))).toEqual({ label: 'Executed', tone: 'success' });
    expect(statusBadge(aScheduleView({ isActive: false, status: 'inactive' })).label).toBe('Inactive');
    expect(statusBadge(aScheduleView({ isActive: false, status: 'paused' })).label).toBe('Paused');
    expect(kindBadge(aScheduleView({ isRecurring: true, recurringType: 'weekly' }))).toBe('weekly');
    expect(kindBadge(aScheduleView({ scheduleType: 'auto' }))).toBe('Auto');
    expect(kindBadge(aScheduleView())).toBeNull();
  });

  it('shows weekly days in the details numbering, 0 Sunday ... 6 Saturday', () => {
    expect(detailsWeekdays([1, 3, 7])).toBe('0 Sun, 1 Mon, 3 Wed');
  });
});

describe('latestReply', () => {
  const executed = aScheduleView({ isExecuted: true, status: 'executed' });
  it('pending: the estimated send time', () => {
    expect(latestReply(aScheduleView({ nextRunTime: '2026-02-01T08:00:00.000Z' }), [])).toEqual({ kind: 'pending', at: '2026-02-01T08:00:00.000Z' });
  });
  it("executed: the latest sent reply, 'No replies found', or no post id", () => {
    const failed = aScheduleReply({ id: 'f', status: 'failed', replyPostId: null });
    const sent = aScheduleReply({ id: 's' });
    expect(latestReply(executed, [failed, sent])).toMatchObject({ kind: 'sent', reply: { id: 's' } });
    expect(latestReply(executed, [])).toEqual({ kind: 'none' });
    expect(latestReply(executed, [aScheduleReply({ replyPostId: null })])).toMatchObject({ kind: 'no-post-id' });
  });
});

describe('New Schedule dialog state', () => {
  it('starts on the given date with a single connected account chosen, none when several', () => {
    expect(initialDialogState('2026-02-01', ['x1'])).toMatchObject({ scheduledDate: '2026-02-01', connectedAccountId: 'x1', scheduledTime: 'morning', customHour: '12', customMinute: '00' });
    expect(initialDialogState('2026-02-01', ['x1', 'x2']).connectedAccountId).toBe('');
  });

  it('sends only the chosen source', () => {
    const s = { ...initialDialogState('2026-02-01', []), templateId: 't', templateGroupId: 'g' };
    expect(formInput(s)).toMatchObject({ templateId: 't', templateGroupId: '' });
    expect(formInput({ ...s, templateSourceType: 'templateGroup' })).toMatchObject({ templateId: '', templateGroupId: 'g' });
  });

  it('hints at the run the dialog would plan, read in the user zone; none for a past time', () => {
    const now = new Date('2026-01-14T10:00:00.000Z'); // Wednesday 11:00 in Paris
    const s = initialDialogState('2026-01-15', []);
    expect(dialogHint(s, now, 'Europe/Paris')).toEqual({ at: '2026-01-15T08:00:00.000Z', hint: { kind: 'peak', text: DELIVERY_HINTS.peak } });
    expect(dialogHint({ ...s, scheduledDate: '2026-01-17' }, now, 'Europe/Paris')?.hint.kind).toBe('weekend');
    expect(dialogHint({ ...s, scheduledDate: '2026-01-14' }, now, 'Europe/Paris')).toBeNull();
    expect(dialogHint({ ...s, scheduledTime: 'custom', customHour: '3', customMinute: '15' }, now, 'Europe/Paris')?.hint.kind).toBe('overnight');
  });

  it('shows the server’s recurring time fields on the time of day', () => {
    expect(dialogField('recurringHour')).toBe('scheduledTime');
    expect(dialogField('accountId')).toBe('accountId');
  });
});

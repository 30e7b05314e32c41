// One time picker (issue 14 point 3, ADR 0040): the Calendar schedules at an exact, non-peak time
// through the same single-schedule call as Classic and V2 (`exactTime`), so a trial user may do it
// there too, and the screen does not say otherwise. In a real browser against the real server,
// with the keyboard; the schedule is read back over the API, and the bulk call the Calendar used to
// make is still refused to the trial by the server.
import { describe, expect, it } from 'vitest';
import { CSRF, json, schedulesOf } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast, newUserWithX, pickTarget, toastLink } from './support/flows';
import { browserSuite } from './support/suite';
import { localDateTime as localOf } from './support/time';

const skip = chromiumMissing();
if (skip) console.warn(skip);

type Schedule = { id: string; nextRunTime: string | null; isRecurring: boolean; timeZone: string; targetUsername: string | null; content: string | null };

describe.skipIf(skip !== null)('the Calendar schedules at an exact time like Classic and V2', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('a trial user schedules at an exact non-peak time from the Calendar, as the API then reports', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const { connectedAccountId, target } = await newUserWithX(page, 'calexact', 'calexact_poster');
    expect(await json(await page.request.get('/api/user/trial-status', { headers: CSRF }))).toMatchObject({ trialActive: true, isPremium: false });

    await page.goto('/calendar-mockup');
    await page.getByRole('heading', { name: 'Schedule Management' }).waitFor();
    const compose = page.getByTestId('compose-panel');
    await pickTarget(page, 'Reply to', 'naval', compose);
    const reply = compose.getByLabel('Reply', { exact: true });
    await reply.focus();
    await page.keyboard.type('Specific knowledge is found by pursuing your curiosity');

    // 14:37 two days ahead: no peak window posts then (9:00, 13:00, 19:30).
    const date = localOf(new Date(Date.now() + 2 * 86_400_000).toISOString(), 'Europe/Paris').date;
    await compose.getByLabel('Date', { exact: true }).fill(date);
    await compose.getByLabel('Time', { exact: true }).fill('14:37');
    await compose.getByTestId('compose-when').getByText(/2:37\s?PM/).waitFor();
    // Nothing on the screen claims the trial may not: no Premium notice, the button is on.
    expect(await compose.getByText(/Premium/).count()).toBe(0);
    const submit = compose.getByRole('button', { name: 'Schedule Reply' });
    expect(await submit.isDisabled()).toBe(false);
    await submit.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Schedule created', 'Your reply to @naval has been scheduled');

    const created = (await schedulesOf<Schedule>(page)).find((s) => s.targetUsername === 'naval');
    expect(created).toMatchObject({ isRecurring: false, content: 'Specific knowledge is found by pursuing your curiosity' });
    expect(localOf(created!.nextRunTime ?? '', created!.timeZone)).toEqual({ date, time: '14:37' });
    expect(await toastLink(page, 'Schedule created')).toBe(`/schedule-replies/${created!.id}`);

    // The server's trial rules are the same as elsewhere: a batch stays Premium (a single entry is
    // one schedule, as the CLI's create sends it).
    const entry = {
      accountId: target.id,
      connectedAccountId,
      templateSourceType: 'custom',
      templateId: null,
      isRecurring: false,
      recurringType: 'daily',
      scheduledTime: 'custom',
      useCustomTime: true,
      customHour: 14,
      customMinute: 37,
      scheduledDate: date,
      useAI: false,
      viralStyle: 'savage_comeback',
      customReplyText: 'Refused on the trial',
    };
    const bulk = await page.request.post('/api/bulk-replies/batch', { headers: CSRF, data: { entries: [entry, { ...entry, customMinute: 38 }] } });
    expect(bulk.status()).toBe(402);
    expect((await schedulesOf<Schedule>(page)).length).toBe(1);
    await closeCleanTab(tab);
  });
});

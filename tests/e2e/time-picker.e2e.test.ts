// One time picker (issue 14 point 3, ADR 0032): Classic and V2 share 'When to reply', the peak
// windows or an exact date and time for a one-time reply. In a real browser against the real
// server, with the keyboard: each composer schedules at an exact time, and the schedule read back
// over the API runs at exactly that local time in the user's zone, once; the server refuses an
// exact time with a recurrence, and one in the past, with {message, field}.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CSRF, schedulesOf } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast, newUserWithX, pickTarget } from './support/flows';
import { browserSuite } from './support/suite';
import { localDateTime as localOf } from './support/time';

const skip = chromiumMissing();
if (skip) console.warn(skip);

type Schedule = { id: string; nextRunTime: string | null; isRecurring: boolean; timeZone: string; targetUsername: string | null };

/** Turns the exact time on with the keyboard and types a date and time two days ahead. */
async function chooseExactTime(page: Page, scope: ReturnType<Page['locator']>, time: string): Promise<string> {
  const box = scope.getByRole('checkbox', { name: 'At an exact time' });
  await box.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => box.isChecked()).toBe(true);
  const date = localOf(new Date(Date.now() + 2 * 86_400_000).toISOString(), 'Europe/Paris').date;
  await scope.getByLabel('Exact date', { exact: true }).fill(date);
  await scope.getByLabel('Exact time', { exact: true }).fill(time);
  await scope.getByText(/^Posts at /).waitFor();
  return date;
}

describe.skipIf(skip !== null)('one time picker in Classic and V2', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('schedules at an exact time from Classic and from V2, as the API then reports', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const { connectedAccountId, target } = await newUserWithX(page, 'exacttime', 'exact_poster');

    // Classic.
    await page.goto('/schedule-replies');
    const classic = page.getByRole('form', { name: 'Schedule a Reply' });
    await pickTarget(page, 'Target Account', 'naval', classic);
    await classic.getByLabel('Reply Content').fill('Leverage is a choice');
    const classicDate = await chooseExactTime(page, classic, '14:37');
    const submit = classic.getByRole('button', { name: 'Schedule Reply' });
    await submit.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Schedule created');
    const [first] = await schedulesOf<Schedule>(page);
    expect(first).toMatchObject({ targetUsername: 'naval', isRecurring: false });
    expect(localOf(first!.nextRunTime ?? '', first!.timeZone)).toEqual({ date: classicDate, time: '14:37' });

    // V2.
    await page.goto('/schedule-replies-v2');
    const v2 = page.getByRole('form', { name: 'New AI Reply' });
    await pickTarget(page, 'Target Account', 'sama', v2);
    await v2.getByRole('switch', { name: /AI-generated reply/ }).click();
    await v2.getByLabel('Content (optional)').fill('Compute is the new oil');
    const v2Date = await chooseExactTime(page, v2, '09:05');
    await v2.getByRole('button', { name: 'Schedule Reply' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Reply scheduled');
    const latest = (await schedulesOf<Schedule>(page)).find((s) => s.targetUsername === 'sama');
    expect(latest).toMatchObject({ isRecurring: false });
    expect(localOf(latest!.nextRunTime ?? '', latest!.timeZone)).toEqual({ date: v2Date, time: '09:05' });

    // The server's own checks: no exact time with a recurrence, none in the past.
    const base = { accountId: target.id, connectedAccountId, peakWindowType: 'lunch_hour', conditions: { content: 'x', targetAccount: target.username, imageIncluded: false } };
    const recurring = await page.request.post('/api/schedules', { headers: CSRF, data: { ...base, isRecurring: true, exactTime: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(recurring.status()).toBe(400);
    expect(await recurring.json()).toMatchObject({ field: 'exactTime' });
    const past = await page.request.post('/api/v2/schedule', {
      headers: CSRF,
      data: { accountId: target.id, connectedAccountId, peakWindowType: 'lunch_hour', content: 'x', exactTime: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.status()).toBe(400);
    expect((await past.json()) as { message: string }).toMatchObject({ message: 'Scheduled time must be in the future' });
    expect((await schedulesOf<Schedule>(page)).length).toBe(2);
    await closeCleanTab(tab);
  });
});

// The Schedules page in a real browser against the real server (spec part 2 §2): the time-zone
// banner, the New Schedule dialog (its messages, the delivery-time hint, a one-time template
// schedule and a recurring weekly group schedule at a custom time), the table, deleting a pending
// schedule after confirmation, a schedule's replies page, and the admin-only details row. Every
// schedule is checked through the API afterwards. X accounts come from Sandbox X's PIN flow.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectX, CSRF, json, signInAdmin, schedulesOf } from './support/api';
import { recordRun } from '../api/schedules.support';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab, snap } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const ZONE = 'Europe/Paris'; // the test browser's zone, taken into the profile at sign-up

type Schedule = {
  id: string;
  status: string;
  templateId: string | null;
  templateGroupId: string | null;
  targetUsername: string | null;
  accountName: string | null;
  isRecurring: boolean;
  recurringType: string | null;
  recurringDays: number[] | null;
  recurringTime: string | null;
  scheduledTime: string | null;
  nextRunTime: string | null;
  timeZone: string;
};


/** 'UTC+01:00' for the zone now, read through Intl (not the app's code). */
const offsetNow = (zone: string) => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `UTC${name.replace('GMT', '') || '+00:00'}`;
};

const localOf = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' }).format(new Date(iso));

async function pick(page: Page, dialog: ReturnType<Page['getByTestId']>, combobox: string, option: string | RegExp): Promise<void> {
  await dialog.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

describe.skipIf(skip !== null)('Schedules page in a real browser', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('creates one-time and recurring schedules from the dialog, lists them in local time, and deletes a pending one', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('sched'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, 'sched_poster');
    const template = await json<{ id: string }>(await page.request.post('/api/templates', { headers: CSRF, data: { name: 'Thoughtful', content: 'Great thread, thanks' } }));
    const group = await json<{ id: string }>(await page.request.post('/api/template-groups', { headers: CSRF, data: { name: 'Morning mix' } }));

    await page.goto('/schedules');
    await page.getByRole('heading', { name: 'Schedules' }).waitFor();
    await page.getByTestId('time-zone-banner').getByText(`Times are shown in your time zone: ${ZONE} (${offsetNow(ZONE)})`).waitFor();
    await page.getByText('No scheduled replies yet.').waitFor();

    // The dialog's own messages before anything is sent.
    await page.getByRole('button', { name: 'New Schedule' }).click();
    const dialog = page.getByTestId('new-schedule-dialog');
    await dialog.getByRole('heading', { name: 'New Schedule' }).waitFor();
    // The single connected account is preselected; the date starts on tomorrow at the morning preset.
    await dialog.getByRole('combobox', { name: 'Your X account' }).getByText('@sched_poster').waitFor();
    await dialog.getByTestId('delivery-hint').getByText(/Reply goes out .* 9:00 AM/).waitFor();
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await dialog.getByText('Please select an account').waitFor();
    await dialog.getByText('Please select a template or template group').waitFor();

    // A date in the past is refused with the spec's rule.
    await dialog.getByLabel('Date').fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await dialog.getByText('Date cannot be before today').waitFor();

    // One-time: template, @BillGates, the day after tomorrow at the afternoon preset.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + 2 * 86_400_000);
    await dialog.getByLabel('Date').fill(day);
    await pick(page, dialog, 'Template', 'Thoughtful');
    const target = dialog.getByRole('combobox', { name: 'Target account' });
    await target.fill('bill');
    await page.getByRole('option', { name: /@BillGates/ }).click();
    await expect.poll(() => target.inputValue()).toBe('@BillGates');
    await pick(page, dialog, 'Time of day', 'Afternoon (4:00 PM)');
    const hint = dialog.getByTestId('delivery-hint');
    await hint.getByText(/Reply goes out .* 4:00 PM/).waitFor();
    const weekend = ['Sat', 'Sun'].includes(localOf(`${day}T12:00:00Z`, ZONE).slice(0, 3));
    await hint.getByText(weekend ? 'Weekend scheduling — reply may go out with slight delay' : 'Likely within 5–10 minutes (Peak Hours)').waitFor();
    await snap(page, 'new-schedule-dialog-1280');
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await expectToast(page, 'Schedule created', 'Your reply has been scheduled to be sent at 4 PM');
    await dialog.waitFor({ state: 'detached' });

    const [once] = await schedulesOf<Schedule>(page);
    expect(once).toMatchObject({ status: 'pending', templateId: template.id, targetUsername: 'BillGates', accountName: 'sched_poster', isRecurring: false, timeZone: ZONE });
    expect(localOf(once!.nextRunTime!, ZONE)).toContain(`${day}, 16:00`);

    // Recurring: a template group, weekly on Monday and Thursday at 7:05 (custom).
    await page.getByRole('button', { name: 'New Schedule' }).click();
    await pick(page, dialog, 'Template source', 'Template group (rotation)');
    await pick(page, dialog, 'Template group', 'Morning mix');
    await dialog.getByRole('combobox', { name: 'Target account' }).fill('naval');
    await page.getByRole('option', { name: /@naval/ }).click();
    await dialog.getByRole('switch', { name: /Recurring/ }).click();
    await pick(page, dialog, 'Frequency', 'Weekly');
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await dialog.getByText('Please select at least one day of the week').waitFor();
    await dialog.getByRole('button', { name: 'Monday' }).click();
    await dialog.getByRole('button', { name: 'Thursday' }).click();
    await pick(page, dialog, 'Time of day', 'Custom time');
    await dialog.getByLabel('Hour (0-23)').fill('7');
    await dialog.getByLabel('Minute (0-59)').fill('5');
    await hint.getByText(/First reply (Mon|Thu), .* 7:05 AM/).waitFor();
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await expectToast(page, 'Schedule created', 'Your reply has been scheduled to be sent at your selected time');

    const recurring = (await schedulesOf<Schedule>(page)).find((s) => s.isRecurring);
    expect(recurring).toMatchObject({ templateGroupId: group.id, targetUsername: 'naval', recurringType: 'weekly', recurringDays: [1, 4], recurringTime: '07:05', timeZone: ZONE });
    expect(localOf(recurring!.nextRunTime!, ZONE)).toMatch(/^(Mon|Thu), .* 07:05$/);

    // The table: both rows in local time, upcoming first, with their source and account.
    const rows = page.getByTestId('schedule-row');
    await expect.poll(() => rows.count()).toBe(2);
    const byId = (id: string) => page.locator(`[data-testid="schedule-row"][data-schedule-id="${id}"]`);
    await byId(once!.id).getByText('Thoughtful').waitFor();
    await byId(once!.id).getByText('4:00 PM').waitFor();
    await byId(recurring!.id).getByText('Group: Morning mix').waitFor();
    await byId(recurring!.id).getByText('weekly').waitFor();
    await byId(recurring!.id).getByText('7:05 AM').waitFor();
    // Not an admin: no details row.
    expect(await page.getByRole('button', { name: 'Show details' }).count()).toBe(0);
    await snap(page, 'schedules-1280');

    // A schedule's page: pending, so its estimated send time; no replies yet.
    await byId(recurring!.id).getByRole('link', { name: /Replies of the schedule/ }).click();
    await waitForPath(page, `/schedule-replies/${recurring!.id}`);
    await page.getByRole('heading', { name: 'Replies to @naval' }).waitFor();
    await page.getByTestId('estimated-send-time').getByText(/Estimated send time: (Mon|Thu), .* 7:05 AM/).waitFor();
    await page.getByText('No replies found').waitFor();
    await page.goto(`/schedule-replies/${once!.id}x`);
    await page.getByText('Schedule not found').waitFor();

    // Delete the pending one-time schedule, after confirmation.
    await page.goto('/schedules');
    await byId(once!.id).getByRole('button', { name: 'Delete schedule for @BillGates' }).click();
    const confirm = page.getByTestId('delete-schedule-dialog');
    await confirm.getByText('Are you sure you want to delete the scheduled reply to @BillGates?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await schedulesOf<Schedule>(page)).map((s) => s.id)).toContain(once!.id);
    await byId(once!.id).getByRole('button', { name: 'Delete schedule for @BillGates' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Schedule deleted', 'The scheduled reply has been deleted');
    await byId(once!.id).waitFor({ state: 'detached' });
    expect((await schedulesOf<Schedule>(page)).map((s) => s.id)).toEqual([recurring!.id]);

    // A one-time schedule the scheduler has run (RecordRun, the event dispatch records) is executed:
    // its last run is shown, it cannot be deleted, and its page has no reply yet to show.
    const [someTarget] = await json<{ id: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    const { accounts: mine } = await json<{ accounts: { id: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const classic = { accountId: someTarget!.id, connectedAccountId: mine[0]!.id, peakWindowType: 'evening_peak', conditions: { content: 'Ran once', targetAccount: null, imageIncluded: false } };
    const oneShot = await json<Schedule>(await page.request.post('/api/schedules', { headers: CSRF, data: classic }));
    await recordRun(suite.server.dataDir, oneShot.id, oneShot.nextRunTime!);
    await page.reload();
    const ran = byId(oneShot.id);
    await ran.getByText('Executed').waitFor();
    await ran.getByText('Last run').waitFor();
    expect(await ran.getByRole('button', { name: /Delete schedule/ }).count()).toBe(0);
    await ran.getByRole('link', { name: /Replies of the schedule/ }).click();
    await page.getByTestId('latest-reply').getByText('No replies found').waitFor();
    await page.goto('/schedules');
    await byId(recurring!.id).waitFor();

    // The same page on a phone, without sideways scrolling.
    const cardsReady = async (p: Page) => {
      // Cards instead of the table on a phone, each with its actions in reach.
      await p.getByTestId('schedule-cards').waitFor();
      await p.locator(`[data-testid="schedule-card"][data-schedule-id="${recurring!.id}"]`).getByRole('button', { name: 'Delete schedule for @naval' }).waitFor();
      expect(await p.getByTestId('schedules-table').isVisible()).toBe(false);
    };
    await expectFitsPhone(suite.browser, suite.server.url, tab.context, '/schedules', cardsReady, 'schedules-375');

    await closeCleanTab(tab);
  });

  it('changes the time zone from the banner, and back to the browser zone', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('zone'));
    await waitForPath(page, '/schedule-replies');
    await page.goto('/schedules');
    const banner = page.getByTestId('time-zone-banner');
    await banner.getByText(`your time zone: ${ZONE} (`).waitFor();

    await banner.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your time zone' });
    await dialog.getByLabel('Time zone').selectOption('America/New_York');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Time zone updated', 'Times are now shown in America/New_York.');
    await banner.getByText(`your time zone: America/New_York (${offsetNow('America/New_York')})`).waitFor();
    const status = await json<{ user: { timeZone: string } }>(await page.request.get('/api/auth/status', { headers: CSRF }));
    expect(status.user.timeZone).toBe('America/New_York');

    // The profile differs from the browser now: one click brings the browser's zone back.
    await banner.getByRole('button', { name: 'Change' }).click();
    await dialog.getByRole('button', { name: `Use this browser's zone (${ZONE})` }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await banner.getByText(`your time zone: ${ZONE} (${offsetNow(ZONE)})`).waitFor();
    await closeCleanTab(tab);
  });

  it('shows admins the details row, with weekly days in the details numbering', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await connectX(page, 'admin_poster');
    const accounts = await json<{ accounts: { id: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const targets = await json<{ id: string; username: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    const created = await json<{ id: string }>(
      await page.request.post('/api/schedules', {
        headers: CSRF,
        data: {
          accountId: targets[0]!.id,
          connectedAccountId: accounts.accounts[0]!.id,
          peakWindowType: 'lunch_hour',
          isRecurring: true,
          recurringType: 'weekly',
          recurringDays: [0, 3],
          conditions: { content: 'Admin check', targetAccount: targets[0]!.username, imageIncluded: false },
        },
      }),
    );
    await page.goto('/schedules');
    const row = page.locator(`[data-testid="schedule-row"][data-schedule-id="${created.id}"]`);
    await row.getByRole('button', { name: 'Show details' }).click();
    const details = page.getByTestId('schedule-details');
    await details.getByText(created.id).waitFor();
    await details.getByText(/^weekly on 0 Sun, 3 Wed at \d\d:\d\d /).waitFor();
    // Every row reads as words: no raw JSON of the schedule's conditions.
    expect(await details.textContent()).not.toMatch(/[{}"]/);
    await snap(page, 'schedules-admin-details-1280');
    await row.getByRole('button', { name: 'Hide details' }).click();
    await details.waitFor({ state: 'detached' });
    await closeCleanTab(tab);
  });
});

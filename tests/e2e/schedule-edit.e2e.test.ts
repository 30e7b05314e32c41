// A queue the user controls, in a real browser against the real server: a schedule's text and time
// edited from the Schedules list (the next run read back over the API), paused and resumed, dragged
// on the calendar to another day's slot (and a drop the server refuses goes back, with its reason),
// and two edits of one template: the stale save asks "Changed elsewhere", Reload shows the other
// edit, Overwrite wins. At 1280 px, and the same screens fit a 375 px phone.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF, json } from './support/api';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab, type Tab } from './support/browser';
import { expectToast, newUserWithX } from './support/flows';
import { browserSuite } from './support/suite';
import { localDateTime } from './support/time';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const ZONE = 'Europe/Paris';
const DAY_MS = 86_400_000;
type Schedule = { id: string; status: string; content: string | null; nextRunTime: string | null; scheduleType: string };

/** 'YYYY-MM-DD' in Paris `days` from now. */
const dayAhead = (days: number) => localDateTime(new Date(Date.now() + days * DAY_MS).toISOString(), ZONE).date;
/** The instant of a Paris wall-clock time (the zone's offset read at that day's noon). */
const parisInstant = (date: string, time: string): string => {
  const noon = new Date(`${date}T12:00:00Z`);
  const shown = localDateTime(noon.toISOString(), ZONE).time;
  const offsetMin = Number(shown.slice(0, 2)) * 60 + Number(shown.slice(3)) - 12 * 60;
  return new Date(Date.parse(`${date}T${time}:00Z`) - offsetMin * 60_000).toISOString();
};

/**
 * An HTML drag and drop as the browser fires it (dragstart on the chip, dragenter and dragover on
 * the cell, drop, dragend), with one DataTransfer carried through like a real drag's: Playwright's
 * own mouse drag does not start one in this headless Chromium.
 */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const data = await page.evaluateHandle(() => new DataTransfer());
  await from.dispatchEvent('dragstart', { dataTransfer: data });
  for (const type of ['dragenter', 'dragover', 'drop']) await to.dispatchEvent(type, { dataTransfer: data });
  await from.dispatchEvent('dragend', { dataTransfer: data });
}

const scheduleOf = async (page: Page, id: string) => json<Schedule>(await page.request.get(`/api/schedules/${id}`, { headers: CSRF }));
const localRun = async (page: Page, id: string) => localDateTime((await scheduleOf(page, id)).nextRunTime ?? '', ZONE);

describe.skipIf(skip !== null)('edit, pause, move a schedule; a stale save asks', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });
  let tab: Tab;
  let target: { id: string; username: string };
  let connectedAccountId: string;

  /** A one-time reply at a Paris date and time, made over the API. */
  const makeSchedule = async (content: string, date: string, time: string): Promise<string> => {
    const made = await json<{ id: string }>(
      await tab.page.request.post('/api/schedules', {
        headers: CSRF,
        data: { accountId: target.id, connectedAccountId, peakWindowType: 'evening_peak', exactTime: parisInstant(date, time), conditions: { content, targetAccount: null, imageIncluded: false } },
      }),
    );
    return made.id;
  };

  beforeAll(async () => {
    tab = await openTab(suite.browser, suite.server.url);
    ({ connectedAccountId, target } = await newUserWithX(tab.page, 'edits', 'edits_poster'));
  }, 60_000);

  it('edits the text and time from the list, then pauses and resumes it', async () => {
    const { page } = tab;
    const id = await makeSchedule('The first words of a reply', dayAhead(2), '14:37');

    await page.goto('/schedules');
    const row = page.locator(`[data-testid="schedule-row"][data-schedule-id="${id}"]`);
    await row.getByText('The first words of a reply').waitFor();
    await row.getByRole('button', { name: `Edit schedule for @${target.username}` }).click();
    const dialog = page.getByTestId('edit-schedule-dialog');
    const text = dialog.getByLabel('Reply text');
    await expect.poll(() => text.inputValue()).toBe('The first words of a reply');
    await text.fill('Edited words that go out instead');
    await dialog.getByLabel('Exact date', { exact: true }).fill(dayAhead(3));
    await dialog.getByLabel('Exact time', { exact: true }).fill('16:05');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Schedule updated');
    await dialog.waitFor({ state: 'detached' });

    // The next run is the new one, and the list shows the new text.
    expect(await scheduleOf(page, id)).toMatchObject({ content: 'Edited words that go out instead', status: 'pending' });
    expect(await localRun(page, id)).toEqual({ date: dayAhead(3), time: '16:05' });
    await row.getByText('Edited words that go out instead').waitFor();

    await row.getByRole('button', { name: `Pause schedule for @${target.username}` }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    expect((await scheduleOf(page, id)).status).toBe('paused');
    await row.getByRole('button', { name: `Resume schedule for @${target.username}` }).click();
    await row.getByText('Pending', { exact: true }).waitFor();
    expect((await scheduleOf(page, id)).status).toBe('pending');
    expect(await localRun(page, id)).toEqual({ date: dayAhead(3), time: '16:05' });

    // The same list and its edit dialog fit a phone.
    await expectFitsPhone(
      suite.browser,
      suite.server.url,
      tab.context,
      '/schedules',
      async (phone) => {
        const card = phone.locator(`[data-testid="schedule-card"][data-schedule-id="${id}"]`);
        await card.getByRole('button', { name: `Edit schedule for @${target.username}` }).click();
        await expect.poll(() => phone.getByTestId('edit-schedule-dialog').getByLabel('Reply text').inputValue()).toBe('Edited words that go out instead');
      },
      'schedule-edit-phone',
    );
  });

  it('moves a reply by dragging it to another day and slot on the calendar; a refused drop goes back with the reason', async () => {
    const { page } = tab;
    const id = await makeSchedule('A reply to drag along', dayAhead(1), '14:37');
    await page.goto('/calendar-mockup');
    const chip = page.locator(`[data-testid="calendar-entry"][data-schedule-id="${id}"]`);
    await chip.waitFor();
    // The evening slot (19:30) two days ahead.
    const slot = (days: number, minute: number) => page.locator(`[data-testid="calendar-day"][data-day="${dayAhead(days)}"] [data-testid="calendar-slot"][data-minute="${minute}"]`);
    await drag(page, chip, slot(2, 19 * 60 + 30));
    await page.getByTestId('calendar-move-notice').getByText('Schedule moved').waitFor();
    await expect.poll(() => localRun(page, id)).toEqual({ date: dayAhead(2), time: '19:30' });
    await slot(2, 19 * 60 + 30).locator(`[data-schedule-id="${id}"]`).waitFor();

    // On the server's clock it is now an hour past the third day's morning (in Paris, the user's
    // zone: a fixed number of days ahead would not reach it when the test runs late in the UTC
    // evening): a drop there is in its past. The reply goes back to where it was, and the notice says why.
    suite.server.clock.moveTo(Date.parse(parisInstant(dayAhead(3), '09:00')) + 3_600_000);
    await drag(page, chip, slot(3, 9 * 60));
    await page.getByTestId('calendar-move-notice').getByText(/^Not moved: .*future/).waitFor();
    await slot(2, 19 * 60 + 30).locator(`[data-schedule-id="${id}"]`).waitFor();
    expect(await localRun(page, id)).toEqual({ date: dayAhead(2), time: '19:30' });

    await expectFitsPhone(suite.browser, suite.server.url, tab.context, '/calendar-mockup', (phone) => phone.locator(`[data-schedule-id="${id}"]`).first().waitFor(), 'calendar-move-phone');
  });

  it('a stale template save says "Changed elsewhere": Reload shows the other edit, Overwrite wins', async () => {
    const { page } = tab;
    const made = await json<{ id: string }>(await page.request.post('/api/templates', { headers: CSRF, data: { name: 'Shared opener', content: 'As it was first written' } }));
    const elsewhere = (content: string) => page.request.put(`/api/templates/${made.id}`, { headers: CSRF, data: { content } }).then(json);

    await page.goto('/templates');
    const edit = async () => {
      await page.getByTestId('templates-grid').getByRole('button', { name: /Edit/ }).first().click();
      const dialog = page.getByTestId('template-dialog');
      await dialog.getByRole('form', { name: 'Edit Template' }).waitFor();
      return dialog;
    };
    let dialog = await edit();
    const content = dialog.getByLabel('Content');
    await expect.poll(() => content.inputValue()).toBe('As it was first written');
    await elsewhere('Written in another tab');
    await content.fill('Written here');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const asked = page.getByTestId('changed-elsewhere');
    await asked.getByRole('heading', { name: 'Changed elsewhere' }).waitFor();
    await asked.getByText(/changed elsewhere since you opened it/).waitFor();

    // Reload: the form shows the other edit; nothing of this one was saved.
    await asked.getByRole('button', { name: 'Reload' }).click();
    await asked.waitFor({ state: 'detached' });
    dialog = page.getByTestId('template-dialog');
    await expect.poll(() => dialog.getByLabel('Content').inputValue()).toBe('Written in another tab');

    // Overwrite: saved on top of the edit made meanwhile.
    await dialog.getByLabel('Content').fill('Written here after all');
    await elsewhere('Written in another tab again');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await asked.getByRole('heading', { name: 'Changed elsewhere' }).waitFor();
    await asked.getByRole('button', { name: 'Overwrite' }).click();
    await expectToast(page, 'Template updated');
    await dialog.waitFor({ state: 'detached' });
    expect(await json<{ content: string }>(await page.request.get(`/api/templates/${made.id}`, { headers: CSRF }))).toMatchObject({ content: 'Written here after all' });
    await closeCleanTab(tab);
  });
});

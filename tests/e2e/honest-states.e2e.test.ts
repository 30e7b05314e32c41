// Honest states in a real browser against the real server with no scheduler running
// (RIPOSTE_SCHEDULER=off): a schedule whose time has passed says 'Late: the scheduler has not run
// it yet' on the Schedules list, on its own page (reached with the keyboard) and in V2's list,
// instead of 'Next run' and a delivery estimate; the admin's dashboard says no scheduler has run.
// The browser's clock is moved past the run's time (the server's stays): the page judges lateness
// from the schedule's facts and its own clock, and nothing on the server runs the reply meanwhile.
import { describe, expect, it } from 'vitest';
import { CSRF, json, signInAdmin } from './support/api';
import { chromiumMissing, closeCleanTab, openTab, snap } from './support/browser';
import { newUserWithX, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const LATE = 'Late: the scheduler has not run it yet';

describe.skipIf(skip !== null)('Honest states of a schedule', () => {
  const suite = browserSuite();

  it("says 'Late: the scheduler has not run it yet' wherever the overdue schedule is shown", async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const { connectedAccountId, target } = await newUserWithX(page, 'late', 'late_poster');
    const created = await json<{ id: string; nextRunTime: string }>(
      await page.request.post('/api/schedules', {
        headers: CSRF,
        data: {
          accountId: target.id,
          connectedAccountId,
          peakWindowType: 'lunch_hour',
          // The freshest post: a run past its time is late at once. (A 'next post' schedule's run
          // waits for the post first and says so; what it shows without a scheduler is not this test's.)
          targetPost: 'freshest',
          conditions: { content: 'Worth reading twice', targetAccount: target.username, imageIncluded: false },
        },
      }),
    );

    // Before its time: the next run, no late notice.
    await page.goto('/schedules');
    const row = page.locator(`[data-testid="schedule-row"][data-schedule-id="${created.id}"]`);
    await row.getByText('Next run').waitFor();
    expect(await row.getByTestId('run-late').count()).toBe(0);

    // Ten minutes past its time, with no scheduler to run it.
    await page.clock.setFixedTime(new Date(Date.parse(created.nextRunTime) + 10 * 60_000));
    await page.goto('/schedules');
    await row.getByTestId('run-late').getByText(LATE).waitFor();
    await row.getByText('Was due').waitFor();
    await snap(page, 'schedules-late-1280');

    // Its own page, reached with the keyboard: the late notice instead of an estimate.
    const link = row.getByRole('link', { name: `Replies of the schedule for @${target.username}` });
    await link.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, `/schedule-replies/${created.id}`);
    await page.getByTestId('schedules-table').waitFor({ state: 'detached' });
    await page.getByTestId('run-late').getByText(LATE).waitFor();
    expect(await page.getByTestId('estimated-send-time').count()).toBe(0);
    expect(await page.getByText(/Likely within/).count()).toBe(0);

    // V2's list says the same.
    await page.goto('/schedule-replies-v2');
    const item = page.getByTestId('scheduled-reply').filter({ hasText: 'Worth reading twice' });
    await item.getByText(LATE).waitFor();
    await closeCleanTab(tab);
  });

  it("shows the admin the scheduler's health: no process has ticked, and the due runs waiting", async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/dashboard');
    const card = page.getByTestId('scheduler-health');
    await card.getByText('No scheduler has run').waitFor();
    await card.getByText('No scheduler process has ticked: due replies are not being sent.').waitFor();
    expect(await card.getByTestId('scheduler-queue').textContent()).toMatch(/^Due runs waiting: \d+/);
    await snap(page, 'dashboard-scheduler-health-1280');
    await closeCleanTab(tab);
  });
});

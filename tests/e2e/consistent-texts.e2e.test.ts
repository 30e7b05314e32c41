// What the app says of a user agrees with what the user is, in a real browser against the real
// server: a trial user is told their 25 replies (never 'Replies are unlimited'), sees the schedule
// they made in Recent Activity and is promised trial reminders; an admin's subscription page says
// 'Admin Access' as the badge does (no 'Free Trial', no upgrade), the email dialog promises no
// trial reminders, and the dashboard's header carries no developer button.
import { describe, expect, it } from 'vitest';
import { CSRF, json, signInAdmin } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { newUserWithX, pressEscapeIn, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('Texts that agree with the user', () => {
  const suite = browserSuite();

  it('tells a trial user their replies and shows the schedule they made in Recent Activity', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const { connectedAccountId, target } = await newUserWithX(page, 'texts', 'texts_poster');
    await json(
      await page.request.post('/api/schedules', {
        headers: CSRF,
        data: {
          accountId: target.id,
          connectedAccountId,
          peakWindowType: 'lunch_hour',
          conditions: { content: 'A thought on this', targetAccount: target.username, imageIncluded: false },
        },
      }),
    );

    await page.goto('/dashboard');
    const how = page.getByTestId('how-it-works');
    // Counted on X (ADR 0047): the trial's counts ("N prepared, M posted, K left") end with 25 left.
    await how.getByText(/^Your free trial includes 25 replies on X \((.+, )?25 left\); with Premium replies are unlimited\.$/).waitFor();
    expect(await how.textContent()).not.toContain('Replies are unlimited');
    const activity = page.getByTestId('recent-activity');
    await activity.getByText(`Scheduled reply for @${target.username}`).waitFor();
    expect(await activity.getByText('No activity yet').count()).toBe(0);
    await closeCleanTab(tab);
  });

  it("shows an admin 'Admin Access' on the subscription page, unlimited replies on the dashboard, and no developer button there", async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/dashboard');
    await page.getByTestId('how-it-works').getByText('Replies are unlimited: schedule as many as you like.').waitFor();
    await page.getByTestId('recent-activity').waitFor();
    expect(await page.getByRole('button', { name: 'Test Email Dialog' }).count()).toBe(0);

    // The badge (in the collapsed sidebar) and the subscription page it links to say the same thing.
    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('tier-badge').filter({ hasText: 'Admin Access' }).click();
    await waitForPath(page, '/trial-status');
    const plan = page.getByTestId('plan-admin');
    await plan.getByText('Admin Access').waitFor();
    await plan.getByText('You have administrator access with unlimited replies.').waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText('Free Trial', { exact: true }).count()).toBe(0);
    expect(await main.getByText('Upgrade to Premium').count()).toBe(0);
    expect(await page.getByTestId('why-upgrade').count()).toBe(0);

    // The admin's email dialog (replayed in test mode from the Mailbox) promises no trial reminders.
    await page.goto('/admin/mailbox');
    await page.getByRole('button', { name: 'Test Email Dialog' }).click();
    const dialog = page.getByTestId('email-dialog');
    await dialog.getByText("Please provide your email address. We'll use it to send you the setup guide and notices about your account.").waitFor();
    expect(await dialog.textContent()).not.toContain('trial');
    await pressEscapeIn(page, dialog);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Exit Email Test Mode' }).click();
    await closeCleanTab(tab);
  });
});

// Trial users see what they can use (issue 14, point 9), in a real browser against the real server:
// Bulk Replies tells a trial user up front, before any row is built, that batches are not part of
// the trial (the server refuses them: BULK_REQUIRES_PREMIUM) and how many trial replies are left,
// with a way to schedule them one at a time reached by the keyboard; the plan texts promise the
// curated list the trial really gets (every curated account, as Monitored Accounts shows).
import { describe, expect, it } from 'vitest';
import { CSRF, json } from './support/api';
import { chromiumMissing, closeCleanTab, openTab, PHONE, snap } from './support/browser';
import { newUserWithX, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('Trial users see what they can use', () => {
  const suite = browserSuite();

  it('Bulk Replies states the trial limit before a batch is built, and the keyboard leads to the one-at-a-time composer', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const { connectedAccountId, target } = await newUserWithX(page, 'trialbulk', 'trialbulk_poster');
    // One reply scheduled: the banner counts what is really left (the server's own count).
    await json(
      await page.request.post('/api/schedules', {
        headers: CSRF,
        data: { accountId: target.id, connectedAccountId, peakWindowType: 'lunch_hour', conditions: { content: 'A thought', targetAccount: target.username, imageIncluded: false } },
      }),
    );
    const { repliesRemaining } = await json<{ repliesRemaining: number }>(await page.request.get('/api/user/trial-status', { headers: CSRF }));

    await page.goto('/bulk-replies');
    const banner = page.getByTestId('bulk-premium');
    await banner.getByText(`You have ${repliesRemaining} trial ${repliesRemaining === 1 ? 'reply' : 'replies'} left.`).waitFor();
    await banner.getByText('Bulk scheduling is a Premium feature: a batch cannot be scheduled on the trial').waitFor();
    // Nothing to build that could not be sent.
    await page.getByText('Bulk scheduling comes with Premium; on the trial, schedule replies one at a time.').waitFor();
    const add = page.getByRole('button', { name: 'Add Reply' });
    await expect.poll(() => add.isDisabled()).toBe(true);
    expect(await page.getByText('Replies (0)').count()).toBe(1);
    await snap(page, 'bulk-trial-1280');

    // The server agrees: a batch from this user is refused.
    const refused = await page.request.post('/api/bulk-replies/batch', { headers: CSRF, data: { entries: [] } });
    expect(refused.status()).toBe(402);

    // By keyboard: the banner's link to the one-at-a-time composer.
    const link = banner.getByRole('link', { name: 'Schedule a reply' });
    await link.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/schedule-replies');

    // The same banner on a phone.
    const phone = await openTab(suite.browser, suite.server.url, PHONE);
    await phone.context.addCookies(await tab.context.cookies());
    await phone.page.goto('/bulk-replies');
    await phone.page.getByTestId('bulk-premium').getByText(`You have ${repliesRemaining} trial`, { exact: false }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(phone.page, 'bulk-trial-375');
    await phone.context.close();
    await closeCleanTab(tab);
  });

  it('the plan texts promise the curated list a trial user sees on Monitored Accounts', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await newUserWithX(page, 'trialcurated', 'trialcurated_poster');
    const targets = await json<{ id: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    expect(targets.length).toBe(30);

    await closeCleanTab(tab);

    // Pricing is for visitors (a signed-in user goes to the dashboard): the trial's column says All 30.
    const visitor = await openTab(suite.browser, suite.server.url);
    await visitor.page.goto('/pricing');
    const row = visitor.page.locator('tr', { hasText: 'Curated accounts' });
    await row.waitFor();
    expect(await row.getByText('All 30').count()).toBe(2);
    expect(await visitor.page.getByText(/Limited access to the curated/i).count()).toBe(0);
    expect(await visitor.page.getByText('Limited', { exact: true }).count()).toBe(0);
    await snap(visitor.page, 'pricing-curated-1280');
    await closeCleanTab(visitor);
  });
});

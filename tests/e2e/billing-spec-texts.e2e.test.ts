// The spec's texts (part 1 'Payment page' and 'Subscription page', part 2 'Settings') on /payment,
// /trial-status and /settings, word for word, for a trial user in a real browser.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('spec texts of the billing and settings pages', () => {
  const suite = browserSuite();

  it('/payment, /trial-status and /settings say what the spec says', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('texts'));
    await waitForPath(page, '/schedule-replies');

    // Part 1, Payment page: order summary Premium Plan, monthly $20.00, total $20.00 USD; links.
    await page.goto('/payment');
    const summary = page.getByTestId('order-summary');
    await summary.waitFor();
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain('Premium Plan$20.00');
    expect(text).toContain('Monthly');
    expect(text).toContain('Total$20.00 USD');
    await page.getByRole('button', { name: 'Pay with PayPal' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact');

    // Part 1, Subscription page: title 'Your {product} Subscription' and 'Why Upgrade' for a trial user.
    await page.goto('/trial-status');
    await page.getByRole('heading', { name: 'Your Riposte Subscription' }).waitFor();
    await page.getByText('Why Upgrade', { exact: true }).waitFor();

    // Part 2, Settings: the sections, named as the spec names them.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    const titles: Record<string, string> = {
      notifications: 'Notifications',
      application: 'Application',
      'x-api': 'Twitter API configuration',
      account: 'Account Management',
      billing: 'Billing Options',
      danger: 'Danger Zone',
      legacy: 'Legacy Access',
    };
    for (const [id, title] of Object.entries(titles)) {
      const el = page.locator(`#${id}-title`);
      await el.waitFor();
      expect(await el.textContent()).toBe(title);
    }
    await closeCleanTab(tab);
  });
});

// A trial user pays in the sandbox checkout (the bundled PayPal emulator, as `npm start` runs it
// without credentials) and becomes Premium (badge, unlimited), then cancels: Premium stays to the
// period end. Cancelling in the checkout says so and charges nothing.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab, snap } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('payment in a real browser', () => {
  const suite = browserSuite();

  it('a trial user pays in the sandbox checkout, becomes Premium, then cancels and keeps Premium to the period end', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('payer'));
    await waitForPath(page, '/schedule-replies');
    // The sidebar shows the user card's tier badge when it is expanded (hovered).
    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('tier-badge').filter({ hasText: '25 Replies Left' }).waitFor();

    await page.goto('/payment');
    await page.getByTestId('order-summary').waitFor();
    await page.getByTestId('sandbox-badge').waitFor();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();

    // PayPal's window: the emulator's page, clearly marked.
    await page.getByRole('heading', { name: 'Sandbox checkout' }).waitFor();
    expect(await page.locator('body').textContent()).toContain('20.00 USD');
    await snap(page, 'sandbox-checkout');
    await page.getByRole('button', { name: 'Approve' }).click();

    await expectToast(page, 'Payment Successful!', 'Your premium subscription has been activated.');
    await page.getByTestId('payment-success').waitFor();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await snap(page, 'payment-success');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('tier-badge').filter({ hasText: 'Premium' }).waitFor();

    const status = await page.evaluate(async () => (await fetch('/api/user/trial-status')).json() as Promise<{ isPremium: boolean; subscriptionEndDate: string }>);
    expect(status.isPremium).toBe(true);

    await page.goto('/trial-status');
    await expect.poll(() => page.getByTestId('plan-premium').textContent()).toContain('Renews on');
    await expect.poll(() => page.getByTestId('billing-status').textContent()).toContain('renews on');
    await expect.poll(() => page.getByTestId('payment-history').textContent()).toContain('$20.00');
    expect(await page.getByTestId('payment-history').textContent()).toContain('Paid');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByTestId('cancel-subscription-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectToast(page, 'Subscription cancelled');
    await expect.poll(() => page.getByTestId('billing-status').textContent()).toContain('Cancelled: Premium stays active until');
    await expect.poll(() => page.getByTestId('plan-premium').textContent()).toContain('Active until');
    await page.getByTestId('plan-premium').waitFor();
    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('tier-badge').filter({ hasText: 'Premium' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    const after = await page.evaluate(async () => (await fetch('/api/user/trial-status')).json() as Promise<{ isPremium: boolean; subscriptionEndDate: string }>);
    expect(after).toMatchObject({ isPremium: true, subscriptionEndDate: status.subscriptionEndDate });
    await snap(page, 'subscription-cancelled');
    await expectFitsPhone(suite.browser, suite.server.url, tab.context, '/trial-status', (p) => p.getByTestId('payment-history').waitFor(), 'trial-status-375');
    await expectFitsPhone(suite.browser, suite.server.url, tab.context, '/payment', (p) => p.getByTestId('paypal-button').waitFor(), 'payment-375');
    await closeCleanTab(tab);
  });

  it('cancelling in the sandbox checkout shows Payment Cancelled and leaves the trial as it was', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('canceller'));
    await waitForPath(page, '/schedule-replies');
    await page.goto('/payment');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('heading', { name: 'Sandbox checkout' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/payment');
    await expectToast(page, 'Payment Cancelled', 'You cancelled the payment process. No charges were made.');
    await page.getByRole('button', { name: 'Pay with PayPal' }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/user/trial-status')).json() as Promise<{ isPremium: boolean }>);
    expect(status.isPremium).toBe(false);
    await closeCleanTab(tab);
  });
});

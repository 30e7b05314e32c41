// At 375 px the sidebar becomes a top bar with a drawer that closes on navigation.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab, PHONE, snap } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('the app at 375 px', () => {
  const suite = browserSuite();

  it('uses a top bar and a left drawer that closes on navigation', async () => {
    const tab = await openTab(suite.browser, suite.server.url, PHONE);
    const { page } = tab;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with X' }).waitFor();
    await snap(page, 'auth-375');
    await register(page, newUser('phone'));
    await waitForPath(page, '/schedule-replies');

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('desktop-sidebar').isVisible()).toBe(false);
    expect(await page.getByTestId('mobile-topbar').isVisible()).toBe(true);
    await snap(page, 'dashboard-375');

    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await drawer.waitFor();
    // It slides in from the left edge and ends flush with it.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await snap(page, 'drawer-375');
    await drawer.getByRole('link', { name: 'Schedules' }).click();
    await waitForPath(page, '/schedules');
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId('time-zone-banner').waitFor();
    await page.getByText('No scheduled replies yet.').waitFor();
    await snap(page, 'schedules-empty-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.goto('/trial-status');
    await page.getByRole('heading', { name: 'Your Riposte Subscription' }).waitFor();
    await snap(page, 'trial-status-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await closeCleanTab(tab);
  });
});

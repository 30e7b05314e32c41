// At 375 px the sidebar becomes a top bar with a drawer that closes on navigation.
import { describe, expect, it } from 'vitest';
import { signInAdmin } from './support/api';
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

    // Settings, down to Legacy Access (its link's label once pushed the page 26 px wider than the phone).
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Open Legacy Access on Monitored Accounts' }).waitFor();
    await snap(page, 'settings-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await closeCleanTab(tab);
  });

  it("keeps every item of an admin's drawer reachable above the user card", async () => {
    const tab = await openTab(suite.browser, suite.server.url, PHONE);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/admin/polling-settings');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await drawer.waitFor();
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    const card = drawer.getByRole('button', { name: 'Open user menu' });
    const cardTop = (await card.boundingBox())?.y ?? 0;
    const drawerBottom = ((await drawer.boundingBox())?.y ?? 0) + ((await drawer.boundingBox())?.height ?? 0);
    // The user card stays on screen, and each link scrolls into view above it.
    expect(cardTop).toBeGreaterThan(0);
    expect(cardTop).toBeLessThan(drawerBottom);
    const links = drawer.getByRole('navigation').getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(12);
    for (let i = 0; i < count; i += 1) {
      const link = links.nth(i);
      await link.scrollIntoViewIfNeeded();
      const box = await link.boundingBox();
      expect(box, await link.textContent() ?? '').not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), (await link.textContent()) ?? '').toBeLessThanOrEqual(cardTop);
    }
    await snap(page, 'admin-drawer-375');
    await closeCleanTab(tab);
  });
});

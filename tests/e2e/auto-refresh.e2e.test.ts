// Auto-refresh (spec part 2 §9 'Settings': "... auto-refresh off by default"; local to the
// browser), in a real browser: off at first, so a list is loaded once and not polled; switched on
// in Settings it stays on across a reload and the Schedules list reloads itself.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { register, newUser, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

/** Resolves at the next GET /api/schedules the page makes. */
const nextSchedulesLoad = (page: Page, timeout: number) =>
  page.waitForRequest((req) => req.method() === 'GET' && new URL(req.url()).pathname === '/api/schedules', { timeout });

describe.skipIf(skip !== null)('Auto-refresh in Settings', () => {
  const suite = browserSuite();

  it('is off by default; switched on, it survives a reload and the Schedules list reloads itself', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('autorefresh'));
    await waitForPath(page, '/schedule-replies');

    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: 'Auto-refresh' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // Off: the list is loaded once and then left alone (the query rules: no polling).
    const firstLoad = nextSchedulesLoad(page, 15_000);
    await page.goto('/schedules');
    await firstLoad;
    await page.getByRole('button', { name: 'New Schedule' }).waitFor();
    await expect(nextSchedulesLoad(page, 40_000)).rejects.toThrow(/Timeout/);

    await page.goto('/settings');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Auto-refresh' }).getAttribute('aria-checked')).toBe('true');

    // On: the list reloads by itself, with nothing done on the page.
    const load = nextSchedulesLoad(page, 15_000);
    await page.goto('/schedules');
    await load;
    await page.getByRole('button', { name: 'New Schedule' }).waitFor();
    await nextSchedulesLoad(page, 45_000);
    await closeCleanTab(tab);
  });
});

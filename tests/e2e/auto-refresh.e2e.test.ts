// Auto-refresh (spec part 2 §9 'Settings': "... auto-refresh off by default"; local to the
// browser), in a real browser: off at first, so a list is loaded once and not polled; switched on
// in Settings it stays on across a reload and the Schedules list reloads itself. The page's timers
// run on Playwright's clock: the test moves it past the refresh interval rather than waiting.
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

/**
 * Counts, in the page, the list loads it starts (fetch of /api/schedules). A timer that fires in
 * `clock.runFor` calls fetch before runFor returns, so the count read after it is final: unlike
 * the network's request events, it cannot arrive late.
 */
function countSchedulesLoads(): void {
  const w = window as unknown as { __schedulesLoads: number };
  w.__schedulesLoads = 0;
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'GET' && new URL(url, location.href).pathname === '/api/schedules') w.__schedulesLoads += 1;
    return fetch(input, init);
  };
}
const schedulesLoads = (page: Page) => page.evaluate(() => (window as unknown as { __schedulesLoads: number }).__schedulesLoads);

/** Longer than the refresh interval (31 s) by a margin. */
const PAST_THE_INTERVAL_MS = 40_000;

describe.skipIf(skip !== null)('Auto-refresh in Settings', () => {
  const suite = browserSuite();

  it('is off by default; switched on, it survives a reload and the Schedules list reloads itself', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page, context } = tab;
    await context.clock.install();
    await context.addInitScript(countSchedulesLoads);
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
    const loadsBefore = await schedulesLoads(page);
    expect(loadsBefore).toBeGreaterThanOrEqual(1);
    await page.clock.runFor(PAST_THE_INTERVAL_MS);
    expect(await schedulesLoads(page)).toBe(loadsBefore);

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
    const reload = nextSchedulesLoad(page, 15_000);
    const loadsOn = await schedulesLoads(page);
    await page.clock.runFor(PAST_THE_INTERVAL_MS);
    await reload;
    expect(await schedulesLoads(page)).toBeGreaterThan(loadsOn);
    await closeCleanTab(tab);
  });
});

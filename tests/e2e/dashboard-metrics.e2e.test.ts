// The dashboard, measured, in a real browser against the real server, its embedded scheduler and an
// X emulator this test controls: an auto schedule ('reply when this account posts') is made in the
// sandbox, the watched account posts on Sandbox X, the watcher sees the post and the reply goes out
// through the API; Reply History lists it as Sent; after the metrics job read it from X, the
// dashboard shows Replies Sent 1 and the impressions and engagement rate Sandbox X gives for it,
// and the 14-day chart (keyboard-focusable, its figures in a table for screen readers) counts it
// today. The figures of the reply are pinned on the emulator, so the page must show exactly them.
// Every wait is for a state on a page, in the API or in the emulator, never for a moment: the
// watcher's next read (a minute on) and the metrics job's next check (30 s on) come when the test
// moves the server's clock.
import { describe, expect, it } from 'vitest';
import { METRICS_CHECK_EVERY_MS } from '@adapters/metrics';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { connectX, CSRF, json, signInAdmin } from './support/api';
import { xEmulatorSuite } from './support/suite';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab, snap } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const POSTER = 'dash_poster';
const WATCHED = 'dash_watched';
/** The high tier's interval as the admin sets it below: the watcher reads the account this often. */
const TIER_INTERVAL_MS = 60_000;
const WAIT = { timeout: 30_000, interval: 250 };
/** What Sandbox X says of the reply, pinned: 62 engagements for 1,234 impressions is 5.0 %. */
const FIGURES = { impressions: 1234, likes: 40, reposts: 6, replies: 3, quotes: 1, bookmarks: 12 };

describe.skipIf(skip !== null)('The dashboard, measured: an auto reply sent in the sandbox, its impressions from X', () => {
  const suite = xEmulatorSuite({ RIPOSTE_SCHEDULER: 'embedded', RIPOSTE_SCHEDULER_INTERVAL_MS: '500' });

  it('fires an auto schedule when the account posts, lists the reply in history, and shows its figures on the dashboard', async () => {
    const { emulator, server, browser } = suite;
    emulator.control.createUser(WATCHED, { displayName: 'Dash Watched' });

    // The admin watches the account and reads high-tier accounts every minute (the X Admin step-up first).
    const adminTab = await openTab(browser, server.url);
    const admin = adminTab.page;
    await signInAdmin(admin);
    const watched = await json<{ id: string }>(await admin.request.post('/api/accounts', { headers: CSRF, data: { username: WATCHED, displayName: 'Dash Watched' } }));
    const xAdminToken = SANDBOX_APP.consumerSecret;
    await json(await admin.request.post('/api/admin/polling-settings/verify-x-admin', { headers: CSRF, data: { xAdminToken } }));
    for (const period of ['peak', 'off_peak', 'overnight', 'weekend']) {
      await json(await admin.request.put(`/api/admin/polling-settings/interval_high_${period}`, { headers: CSRF, data: { value: '1', xAdminToken } }));
    }
    await json(await admin.request.patch(`/api/admin/accounts/${watched.id}/tier`, { headers: CSRF, data: { tier: 'high', xAdminToken } }));
    await adminTab.context.close();

    const tab = await openTab(browser, server.url);
    const { page, context } = tab;
    await register(page, newUser('dash'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, POSTER);
    emulator.control.setAuthorMetrics(POSTER, FIGURES);
    const { accounts } = await json<{ accounts: { id: string; username: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const from = accounts.find((a) => a.username === POSTER);
    expect(from).toBeDefined();

    // An auto schedule: reply as soon as the account posts.
    const template = await json<{ id: string }>(await page.request.post('/api/templates', { headers: CSRF, data: { name: 'Auto thanks', content: 'Thanks for sharing this' } }));
    await json(
      await page.request.post('/api/schedules', {
        headers: CSRF,
        data: { accountId: watched.id, connectedAccountId: from!.id, templateId: template.id, templateGroupId: null, scheduleType: 'auto', delayMinutes: 0 },
      }),
    );

    // The watcher has read the account once (what was there before the schedule is not answered); then it posts.
    const xUserId = emulator.control.user(WATCHED)!.id;
    const timelineReads = () => emulator.control.requests.filter((r) => r.method === 'GET' && r.path === `/2/users/${xUserId}/tweets`).length;
    await expect.poll(timelineReads, WAIT).toBeGreaterThanOrEqual(1);
    const post = emulator.control.post(WATCHED, `Big news today, curious what @${POSTER} thinks`);

    // The tier's minute passes: the watcher reads the account again, and the reply goes out once,
    // through the API, under that post.
    server.clock.advance(TIER_INTERVAL_MS + 1_000);
    const repliesOnX = () => emulator.control.postsBy(POSTER).filter((p) => p.replyToId === post.id);
    await expect.poll(() => repliesOnX().length, WAIT).toBe(1);
    const reply = repliesOnX()[0]!;

    // Reply History lists it as Sent.
    await page.goto('/history');
    const row = page.getByTestId('reply-row').filter({ hasText: 'Thanks for sharing this' });
    await row.getByText('Sent', { exact: true }).first().waitFor({ timeout: WAIT.timeout });

    // The metrics job's next check (it looks every 30 s) reads the reply from X: the API shows X's
    // figure first, then the page must.
    const expected = emulator.control.metricsOf(reply.id);
    expect(expected.impressions).toBe(FIGURES.impressions);
    server.clock.advance(METRICS_CHECK_EVERY_MS + 1_000);
    await expect
      .poll(async () => (await json<{ impressionsToday: number }>(await page.request.get('/api/metrics/overview', { headers: CSRF }))).impressionsToday, WAIT)
      .toBe(expected.impressions);

    await page.goto('/dashboard');
    const card = (label: string) => page.getByTestId('stat-card').filter({ hasText: label });
    await card('Replies Sent').getByText('1', { exact: true }).waitFor();
    await card('Impressions Today').getByText('1,234', { exact: true }).waitFor();
    await card('Engagement Rate').getByText('5.0%', { exact: true }).waitFor();
    await page.getByTestId('recent-activity').getByText(`Reply to @${WATCHED}`).waitFor();

    // The chart: today's figures in its table for screen readers, and one keyboard stop.
    const chart = page.getByTestId('activity-chart');
    await chart.getByTestId('activity-summary').getByText('1 reply sent and 1,234 impressions over the last 14 days (UTC).').waitFor();
    const rows = chart.getByTestId('activity-table').locator('tbody tr');
    expect(await rows.count()).toBe(14);
    expect((await rows.last().locator('td').allTextContents()).map((t) => t.trim())).toEqual(['1', '1,234']);
    const surface = chart.locator('svg.recharts-surface[tabindex="0"]');
    await surface.waitFor();
    await surface.focus();
    await page.keyboard.press('ArrowLeft');
    await chart.locator('.recharts-tooltip-wrapper').getByText('Impressions').waitFor();
    await snap(page, 'dashboard-measured-1280');
    await expectFitsPhone(browser, server.url, context, '/dashboard', (p) => p.getByTestId('activity-plot').locator('svg.recharts-surface[tabindex="0"]').waitFor(), 'dashboard-measured-375');
    await closeCleanTab(tab);
  }, 300_000);
});

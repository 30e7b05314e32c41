// Admin Polling Settings and Tier Management in a real browser against the real server: the admin
// changes a setting, then a monitored account's tier through the X Admin token dialog (empty,
// wrong, then the sandbox X app's secret); the tier buttons stay disabled until then and the
// current tier's button always. A plain user is sent away from both pages. Both fit 375 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { CSRF, signInAdmin } from './support/api';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

type Setting = { settingKey: string; settingValue: string; updatedBy: string | null };
type Account = { username: string; monitoringTier: string };

const settingOf = async (page: Page, key: string) =>
  ((await (await page.request.get('/api/admin/polling-settings', { headers: CSRF })).json()) as Setting[]).find((s) => s.settingKey === key);
const tierOf = async (page: Page, username: string) =>
  ((await (await page.request.get('/api/admin/accounts', { headers: CSRF })).json()) as Account[]).find((a) => a.username === username)?.monitoringTier;

describe.skipIf(skip !== null)('admin polling settings and tiers in a real browser', () => {
  const suite = browserSuite();

  it('changes a setting, then a tier through the X Admin token dialog', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);

    await page.goto('/admin/polling-settings');
    await page.getByTestId('polling-settings-page').waitFor();
    // The reads counter card shows today's figures as the API answers them.
    const card = page.getByTestId('x-reads-today');
    await card.waitFor();
    const stats = (await (await page.request.get('/api/admin/polling-stats', { headers: CSRF })).json()) as { today: { requests: number; posts: number; estimatedUsd: number } };
    expect(await card.textContent()).toMatch(/X reads today: [\d,]+ requests, [\d,]+ posts, est\. \$\d+\.\d{2}/);
    const shown = async (id: string) => Number(((await card.getByTestId(id).textContent()) ?? '').replace(/[$,]/g, ''));
    expect(await shown('x-reads-requests')).toBe(stats.today.requests);
    expect(await shown('x-reads-posts')).toBe(stats.today.posts);
    expect(await shown('x-reads-spend')).toBe(Number(stats.today.estimatedUsd.toFixed(2)));
    await page.getByRole('tab', { name: 'Limits' }).click();
    const field = page.getByTestId('setting-accounts_per_search');
    await field.getByRole('spinbutton').fill('12');
    await field.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Setting updated');
    await field.getByText('Changed by admin').waitFor();
    expect(await settingOf(page, 'accounts_per_search')).toMatchObject({ settingValue: '12', updatedBy: 'admin' });

    await page.goto('/admin/tier-management');
    await page.getByTestId('tier-management-page').waitFor();
    await page.getByRole('tab', { name: 'Account Tiers' }).click();
    const row = page.getByTestId('account-tier-naval');
    await row.getByTestId('current-tier').getByText('High').waitFor();
    const standard = row.getByRole('button', { name: 'Standard', exact: true });
    expect(await standard.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Verify X Admin' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectToast(page, 'Authentication required', 'Please enter your X Admin token.');
    await dialog.getByLabel('X Admin token').fill('not-the-secret');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectToast(page, 'Authentication failed', 'Invalid X Admin credentials.');
    await dialog.getByLabel('X Admin token').fill(SANDBOX_APP.consumerSecret);
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('x-admin-status').getByText('X Admin verified').waitFor();

    // The current tier's button stays disabled; the others are open now.
    expect(await row.getByRole('button', { name: 'High', exact: true }).isDisabled()).toBe(true);
    await standard.click();
    await expectToast(page, 'Tier updated');
    await row.getByTestId('current-tier').getByText('Standard').waitFor();
    expect(await tierOf(page, 'naval')).toBe('standard');

    for (const path of ['/admin/polling-settings', '/admin/tier-management']) {
      await expectFitsPhone(suite.browser, suite.server.url, tab.context, path, (p) => p.getByRole('heading', { level: 1 }).first().waitFor(), `polling${path.replaceAll('/', '-')}`);
    }
    await closeCleanTab(tab);
  });

  it('sends a plain user away from both pages', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('plain'));
    await waitForPath(page, '/schedule-replies');
    for (const path of ['/admin/polling-settings', '/admin/tier-management']) {
      await page.goto(path);
      await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/^\/admin/);
    }
    expect(await page.getByTestId('polling-settings-page').count()).toBe(0);
    await closeCleanTab(tab);
  });
});

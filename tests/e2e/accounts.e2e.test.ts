// The Monitored Accounts page in a real browser against the real server and sandbox X (the
// bundled emulator, reached through the real adapter): the curated accounts, an admin adding
// (with tier and visibility; the X id looked up), editing (pause) and deleting an account, a
// legacy user adding through Legacy Access with the server-checked PIN (pending until the admin
// approves it on the same page), and a plain user who gets
// no Add Account button. Also the page at 375 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab, PHONE, snap } from './support/browser';
import { expectToast, holdRequests, newUser, register, waitForPath } from './support/flows';
import { CSRF, signInAdmin } from './support/api';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const PIN = '2468';

async function signedInUser(page: Page, prefix: string): Promise<string> {
  const user = newUser(prefix);
  await register(page, user);
  await waitForPath(page, '/schedule-replies');
  const status = await page.request.get('/api/auth/status', { headers: CSRF });
  return ((await status.json()) as { user: { id: string } }).user.id;
}

const card = (page: Page, username: string) => page.locator(`[data-testid="account-card"][data-username="${username}"]`);
const activityRow = (page: Page, username: string) => page.locator(`[data-testid="activity-row"][data-username="${username}"]`);

/** Deletes a curated account through the API (as the admin on this page), so it can be added again. */
async function removeByApi(page: Page, username: string): Promise<void> {
  const list = (await (await page.request.get('/api/accounts', { headers: CSRF })).json()) as { id: string; username: string }[];
  const found = list.find((a) => a.username === username);
  if (!found) throw new Error(`no account @${username}`);
  expect((await page.request.delete(`/api/accounts/${found.id}`, { headers: CSRF })).status()).toBe(200);
}

async function openAccounts(page: Page): Promise<void> {
  await page.goto('/accounts');
  await page.getByRole('heading', { name: 'Monitored Accounts', exact: true }).waitFor();
  await page.getByTestId('accounts-grid').waitFor();
}

describe.skipIf(skip !== null)('monitored accounts in a real browser', () => {
  const suite = browserSuite({ RIPOSTE_LEGACY_PIN: PIN });

  it('lets an admin add (tier, visibility), pause and delete an account', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await openAccounts(page);
    // The 30 curated accounts were seeded on first start.
    await expect.poll(() => page.getByTestId('account-card').count()).toBe(30);
    await card(page, 'naval').getByText('High · 5 min').waitFor();
    await page.getByTestId('activity-overview').getByRole('columnheader', { name: 'Scheduled Replies' }).waitFor();
    await activityRow(page, 'naval').getByText('No activity yet').waitFor();
    // Nobody's auto schedule targets it: the watcher has not read it.
    await activityRow(page, 'naval').getByText('Not checked').waitFor();

    await page.getByRole('button', { name: 'Add Account' }).click();
    const dialog = page.getByTestId('account-dialog');
    await dialog.getByRole('heading', { name: 'Add Account' }).waitFor();
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await dialog.getByText('X username is required').waitFor();
    await dialog.getByText('Display name is required').waitFor();
    await dialog.getByLabel('X Username').fill('no spaces allowed');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await dialog.getByText('Username must be 1-15 characters and can only contain letters, numbers, and underscores').waitFor();

    // X (the emulator) knows no such user: refused on the field.
    await dialog.getByLabel('X Username').fill('nobody_here');
    await dialog.getByLabel('Display Name').fill('Nobody');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await dialog.getByText('No X account named @nobody_here was found').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A curated account removed, then added back from its profile link.
    await removeByApi(page, 'TheRock');
    await page.reload();
    await expect.poll(() => page.getByTestId('account-card').count()).toBe(29);
    await page.getByRole('button', { name: 'Add Account' }).click();
    await dialog.getByLabel('X Username').fill('https://x.com/TheRock');
    await dialog.getByLabel('Display Name').fill('Admin Pick');
    await dialog.getByLabel('Monitoring tier').click();
    await page.getByRole('option', { name: /High/ }).click();
    expect(await dialog.getByLabel('Check every (minutes)').inputValue()).toBe('5');
    await dialog.getByLabel('Normal Users').click();
    await snap(page, 'accounts-add-dialog-1280');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await expectToast(page, 'Account added', '@TheRock is now monitored');
    await dialog.waitFor({ state: 'detached' });

    const added = card(page, 'TheRock');
    await added.getByText('Admin Pick').waitFor();
    await added.getByText('Hidden from Normal').waitFor();
    await added.getByText('High · 5 min').waitFor();
    // Its X id was looked up on (sandbox) X as it was added; curated ones wait for the resolver job.
    expect(await added.getByText('X id pending').count()).toBe(0);
    await card(page, 'naval').getByText('X id pending').waitFor();
    await activityRow(page, 'TheRock').getByText('Monitoring').waitFor();

    // A second add of the same account is refused on the username field.
    await page.getByRole('button', { name: 'Add Account' }).click();
    await dialog.getByLabel('X Username').fill('@THEROCK');
    await dialog.getByLabel('Display Name').fill('Again');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await dialog.getByText('This account is already being monitored').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit: pause monitoring.
    await added.getByRole('button', { name: 'Edit @TheRock' }).click();
    await dialog.getByRole('heading', { name: 'Edit Account' }).waitFor();
    expect(await dialog.getByLabel('Display Name').inputValue()).toBe('Admin Pick');
    await dialog.getByLabel('Monitor posts').click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Account updated');
    await added.getByText('Paused').waitFor();
    await activityRow(page, 'TheRock').getByText('Paused').waitFor();
    await snap(page, 'accounts-admin-1280');

    // Delete, with the confirmation.
    const deleting = await holdRequests(page, '**/api/accounts/*', 'DELETE');
    await added.getByRole('button', { name: 'Delete @TheRock' }).click();
    const confirm = page.getByTestId('delete-account-dialog');
    await confirm.getByRole('heading', { name: 'Delete Account' }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Deleting...' }).waitFor();
    deleting.release();
    await expectToast(page, 'Account deleted', 'Account deleted successfully');
    await added.waitFor({ state: 'detached' });
    await closeCleanTab(tab);
  });

  it('lets a legacy user add an account with the PIN, and nothing to edit', async () => {
    const userTab = await openTab(suite.browser, suite.server.url);
    const { page } = userTab;
    const userId = await signedInUser(page, 'leg');
    const adminTab = await openTab(suite.browser, suite.server.url);
    await signInAdmin(adminTab.page);
    expect((await adminTab.page.request.put(`/api/admin/users/${userId}/role`, { data: { role: 'legacy' }, headers: CSRF })).status()).toBe(200);
    await removeByApi(adminTab.page, 'paulg');
    await adminTab.context.close();

    await openAccounts(page);
    // Legacy users may add (Add Account shows) but not edit or delete.
    await page.getByRole('button', { name: 'Add Account' }).waitFor();
    expect(await page.getByRole('button', { name: /^Edit @/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete @/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Legacy Access' }).click();
    const legacy = page.getByTestId('legacy-dialog');
    await legacy.getByLabel('PIN', { exact: true }).fill('1111');
    await legacy.getByRole('button', { name: 'Unlock' }).click();
    await expectToast(page, 'Access Denied', 'Incorrect PIN. Please try again.');
    await legacy.getByText('Incorrect PIN. Please try again.').waitFor();

    await legacy.getByLabel('PIN', { exact: true }).fill(PIN);
    await legacy.getByRole('button', { name: 'Unlock' }).click();
    await legacy.getByTestId('legacy-usage').getByText('0 of 3').waitFor();
    await legacy.getByRole('button', { name: 'Add Account' }).click();
    await legacy.getByText('Please enter an X profile URL or @username').waitFor();
    await legacy.getByLabel('Account URL or @username').fill('https://twitter.com/paulg/status/1');
    await legacy.getByRole('button', { name: 'Add Account' }).click();
    await expectToast(page, 'Account added', '@paulg was added in Legacy Mode');
    await legacy.getByTestId('legacy-usage').getByText('1 of 3').waitFor();
    await snap(page, 'accounts-legacy-dialog-1280');
    await legacy.getByRole('button', { name: 'Done' }).click();

    const added = card(page, 'paulg');
    // The display name came from X.
    await added.getByText('Paul Graham').waitFor();
    await added.getByText('Legacy', { exact: true }).waitFor();
    await added.getByText('Only you').waitFor();
    // A non-admin's account is private until an admin approves it.
    await added.getByText('Pending approval').waitFor();
    await activityRow(page, 'paulg').waitFor();
    await closeCleanTab(userTab);

    // The admin sees it marked, and approves it.
    const approver = await openTab(suite.browser, suite.server.url);
    await signInAdmin(approver.page);
    await openAccounts(approver.page);
    const pending = card(approver.page, 'paulg');
    await pending.getByText('Pending approval').waitFor();
    await pending.getByRole('button', { name: 'Approve @paulg' }).click();
    await expectToast(approver.page, 'Account approved');
    await pending.getByText('Pending approval').waitFor({ state: 'detached' });
    expect(await pending.getByRole('button', { name: 'Approve @paulg' }).count()).toBe(0);
    await closeCleanTab(approver);
  });

  it('shows a plain user the accounts but no Add Account button, also at 375 px', async () => {
    const tab = await openTab(suite.browser, suite.server.url, PHONE);
    const { page } = tab;
    await signedInUser(page, 'plain');
    await openAccounts(page);
    await card(page, 'naval').waitFor();
    await page.getByTestId('activity-overview').waitFor();
    expect(await page.getByRole('button', { name: 'Add Account' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit @/ }).count()).toBe(0);
    // The legacy user's own account is theirs alone.
    expect(await card(page, 'paulg').count()).toBe(0);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'accounts-plain-375');
    await closeCleanTab(tab);
  });
});

// The admin's Users page in a real browser against the real server (X is the emulator): search a
// person, make them Premium, disable them — their own open tab is refused at once (sent to sign
// in) — and enable them again; the page fits a 375 px phone. Then the Premium user adds an
// account of their own from Monitored Accounts (looked up on X), the admin approves it under the
// default 'reviewed' rule, and the user schedules a reply under it.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { CSRF, connectX, json, signInAdmin } from './support/api';
import { xEmulatorSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)("the admin's Users page in a real browser", () => {
  const suite = xEmulatorSuite();

  it('searches, makes Premium, disables (their session is refused) and enables a user; fits 375 px', async () => {
    const person = newUser('usersp');
    const theirs = await openTab(suite.browser, suite.server.url);
    await register(theirs.page, person);
    await waitForPath(theirs.page, '/schedule-replies');

    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/admin/users');
    await page.getByTestId('users-page').waitFor();
    await page.getByLabel('Name or e-mail').fill(person.username);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('users-list').getByText('1 user', { exact: true }).waitFor();
    expect(await page.getByTestId('admin-user-card').count()).toBe(1);
    const card = page.locator(`[data-testid="admin-user-card"][data-username="${person.username}"]`);
    await card.getByTestId('add-right').getByText('Replies to the curated accounts only').waitFor();

    await card.getByRole('button', { name: 'Make Premium' }).click();
    await expectToast(page, 'Plan changed');
    await card.getByTestId('user-tier').getByText('Premium').waitFor();
    await card.getByTestId('add-right').getByText('Adds accounts (Premium plan)').waitFor();
    const status = await json<{ user: { tier: string } }>(await theirs.page.request.get('/api/auth/status', { headers: CSRF }));
    expect(status.user.tier).toBe('premium');

    await card.getByRole('button', { name: 'Disable' }).click();
    await expectToast(page, 'User disabled');
    await page.locator(`[data-testid="admin-user-card"][data-username="${person.username}"][data-active="false"]`).waitFor();
    expect((await theirs.page.request.get('/api/templates', { headers: CSRF })).status()).toBe(401);
    await theirs.page.goto('/templates');
    await waitForPath(theirs.page, '/auth');

    await card.getByRole('button', { name: 'Enable' }).click();
    await expectToast(page, 'User enabled');
    await page.locator(`[data-testid="admin-user-card"][data-username="${person.username}"][data-active="true"]`).waitFor();

    await expectFitsPhone(suite.browser, suite.server.url, tab.context, '/admin/users', (p) => p.getByTestId('users-list').waitFor(), 'admin-users-375');
    await closeCleanTab(tab);
    await theirs.context.close();
  });

  it('a Premium user adds an account of their own, the admin approves it, and the user schedules under it', async () => {
    const onX = suite.emulator.control.createUser('own_pick_e2e', { displayName: 'Own Pick' });
    const person = newUser('ownacc');
    const theirs = await openTab(suite.browser, suite.server.url);
    await register(theirs.page, person);
    await waitForPath(theirs.page, '/schedule-replies');
    const me = await json<{ user: { id: string } }>(await theirs.page.request.get('/api/auth/status', { headers: CSRF }));

    const admin = await openTab(suite.browser, suite.server.url);
    await signInAdmin(admin.page);
    await json(await admin.page.request.put(`/api/admin/users/${me.user.id}/plan`, { headers: CSRF, data: { plan: 'premium', until: '2099-12-31' } }));

    const { page } = theirs;
    await page.goto('/accounts');
    await page.getByRole('button', { name: 'Add Account' }).click();
    const dialog = page.getByTestId('account-dialog');
    await dialog.getByLabel('X Username').fill('own_pick_e2e');
    await dialog.getByLabel('Display Name').fill('Own Pick');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = await json<{ id: string; username: string; xUserId: string | null; approval: string }[]>(await page.request.get('/api/accounts', { headers: CSRF }));
    const added = mine.find((a) => a.username === 'own_pick_e2e');
    expect(added).toMatchObject({ xUserId: onX.id, approval: 'pending' });

    await json(await admin.page.request.put(`/api/admin/accounts/${added!.id}/approve`, { headers: CSRF }));
    await connectX(page, 'own_poster_e2e');
    const { accounts } = await json<{ accounts: { id: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const from = accounts[0]!;
    const made = await page.request.post('/api/schedules', {
      headers: CSRF,
      data: { accountId: added!.id, connectedAccountId: from.id, peakWindowType: 'evening_peak', conditions: { content: 'Under my own pick', targetAccount: null, imageIncluded: false } },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.goto('/schedules');
    await page.locator('text=Under my own pick >> visible=true').first().waitFor();
    await closeCleanTab(admin);
    await closeCleanTab(theirs);
  });
});

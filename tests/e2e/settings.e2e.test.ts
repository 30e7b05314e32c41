// Settings in a real browser: a setting changed on the page is still there after a reload; a
// forgotten password is reset through the link the sandbox mail sink kept (read on the admin's
// Mailbox); an account is deleted from the Danger Zone and cannot sign in again.
import { describe, expect, it } from 'vitest';
import { signInAdmin } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast, newUser, register, signIn, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('Settings in a real browser', () => {
  const suite = browserSuite();

  it('keeps a changed notification and replies-per-hour limit after a reload', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('set'));
    await waitForPath(page, '/schedule-replies');
    await page.goto('/settings');
    const weekly = page.getByRole('switch', { name: 'Weekly summary' });
    await expect.poll(() => weekly.getAttribute('aria-checked')).toBe('true');
    await weekly.click();
    await expectToast(page, 'Settings saved', 'Weekly summary off.');
    await page.getByLabel('Replies per hour limit').fill('12');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await expectToast(page, 'Settings saved', 'At most 12 replies an hour.');
    // Out of range: the field says why, nothing is sent.
    await page.getByLabel('Replies per hour limit').fill('51');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await page.getByText('Replies per hour must be a whole number from 1 to 50').waitFor();

    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Weekly summary' }).getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByLabel('Replies per hour limit').inputValue()).toBe('12');
    await expect.poll(() => page.getByRole('switch', { name: 'Email on failed replies' }).getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('x-api-notice').waitFor();
    // Billing Options carries the billing section itself: a trial user is told so, with the way up.
    const billing = page.getByTestId('billing-section');
    await billing.getByTestId('billing-status').getByText('You are on the free trial.').waitFor();
    expect(await billing.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/payment');
    await closeCleanTab(tab);
  });

  it('resets a forgotten password through the link kept by the mail sink', async () => {
    const user = newUser('fgt');
    const first = await openTab(suite.browser, suite.server.url);
    await register(first.page, user);
    await waitForPath(first.page, '/schedule-replies');

    const visitor = await openTab(suite.browser, suite.server.url);
    await visitor.page.goto('/auth');
    await visitor.page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(visitor.page, '/forgot-password');
    await visitor.page.getByLabel('Email').fill(user.email);
    await visitor.page.getByRole('button', { name: 'Send reset link' }).click();
    await visitor.page.getByTestId('forgot-answer').waitFor();

    const admin = await openTab(suite.browser, suite.server.url);
    await signInAdmin(admin.page);
    await admin.page.goto('/admin/mailbox');
    await admin.page.getByTestId('mail-sandbox-marker').waitFor();
    const message = admin.page.getByTestId('mailbox-message').filter({ hasText: `To ${user.email}` });
    await expect.poll(async () => {
      if ((await message.count()) === 0) await admin.page.getByRole('button', { name: 'Refresh' }).click().catch(() => undefined);
      return message.count();
    }, { timeout: 10_000 }).toBe(1);
    await message.getByRole('button').first().click();
    const href = await message.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/\/reset-password#token=/);

    await visitor.page.goto(new URL(href as string).pathname + new URL(href as string).hash);
    await visitor.page.getByLabel('New password').fill('fresh-password-7');
    await visitor.page.getByLabel('Confirm password').fill('fresh-password-7');
    await visitor.page.getByRole('button', { name: 'Set new password' }).click();
    await visitor.page.getByTestId('reset-done').waitFor();

    // The first browser's session ended; the new password signs in.
    expect((await first.page.request.get('/api/auth/status')).status()).toBe(401);
    await signIn(visitor.page, user.username, 'fresh-password-7');
    await waitForPath(visitor.page, '/schedule-replies');
    await first.context.close();
    await admin.context.close();
    await visitor.context.close();
  });

  it('deletes the account from the Danger Zone; it cannot sign in again', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const user = newUser('del');
    await register(page, user);
    await waitForPath(page, '/schedule-replies');
    await page.goto('/settings');
    await page.getByTestId('export-data').waitFor();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expectToast(page, 'Account deleted', 'Your account and its data have been deleted.');
    await waitForPath(page, '/');
    expect((await page.request.get('/api/auth/status')).status()).toBe(401);
    await signIn(page, user.username, user.password);
    await expectToast(page, 'Login failed', 'Invalid credentials');
    await tab.context.close();
  });
});

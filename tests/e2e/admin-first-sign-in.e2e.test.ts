// The bootstrap admin's first sign-in: the forced Change Password dialog that cannot be dismissed,
// then the 'Welcome to Riposte!' email dialog, the admin group of the sidebar and email test mode.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab, snap } from './support/browser';
import { expectToast, pressEscapeIn, signIn, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';
import { ADMIN_PASSWORD } from './support/server';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('first sign-in of the bootstrap admin', () => {
  const suite = browserSuite();

  it('forces a password change, then collects the email', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expectToast(page, 'Login successful', 'Welcome back, admin!');

    const dialog = page.getByTestId('change-password-dialog');
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Change Password' }).waitFor();
    await snap(page, 'change-password-1280');

    // It cannot be dismissed: Escape and a click outside both leave it open with a warning.
    await pressEscapeIn(page, dialog);
    await expectToast(page, 'Password change required', 'You must change your password before continuing.');
    await page.mouse.click(10, 10);
    expect(await dialog.isVisible()).toBe(true);

    // Field rules come from the shared schemas; each field has a show/hide toggle.
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Current password is required').waitFor();
    await dialog.getByText('New password must be at least 8 characters').waitFor();
    expect(await dialog.getByRole('button', { name: 'Show password' }).count()).toBe(3);

    await dialog.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await dialog.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await dialog.getByLabel('Confirm new password').fill('brand-new-secreT');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Passwords do not match').waitFor();

    await dialog.getByRole('button', { name: 'Show password' }).first().click();
    expect(await dialog.getByLabel('Current password').getAttribute('type')).toBe('text');

    await dialog.getByLabel('Confirm new password').fill('brand-new-secret');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed successfully', 'Your new password has been set. You can now use the application.');
    await dialog.waitFor({ state: 'detached' });

    // The admin has no email yet: the welcome dialog opens next.
    const email = page.getByTestId('email-dialog');
    await email.getByRole('heading', { name: 'Welcome to Riposte!' }).waitFor();
    await email.getByText('Subscribe to product updates and tips').waitFor();
    await snap(page, 'email-dialog-1280');
    await email.getByLabel('Email address').fill('not-an-email');
    await email.getByRole('button', { name: 'Save Email' }).click();
    await email.getByText('Please enter a valid email address').waitFor();
    await email.getByLabel('Email address').fill('admin@example.com');
    await email.getByLabel('Subscribe to product updates and tips').click();
    // The address will receive reset links: an account with a password proves it is the owner.
    await email.getByRole('button', { name: 'Save Email' }).click();
    await email.getByText('Current password is required').waitFor();
    await email.getByLabel('Current password').fill('brand-new-secret');
    await email.getByRole('button', { name: 'Save Email' }).click();
    await expectToast(page, 'Email saved', 'Your email has been successfully saved.');
    await email.waitFor({ state: 'detached' });

    // The new password works, the old one does not.
    await tab.context.clearCookies();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await expectToast(page, 'Login failed');
    await signIn(page, 'admin', 'brand-new-secret');
    await expectToast(page, 'Login successful');
    await waitForPath(page, '/schedule-replies');
    expect(await page.getByTestId('change-password-dialog').count()).toBe(0);
    expect(await page.getByTestId('email-dialog').count()).toBe(0);
    await closeCleanTab(tab);
  });

  it('shows the Admin Settings group, forced open on admin routes', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signIn(page, 'admin', 'brand-new-secret');
    await waitForPath(page, '/schedule-replies');
    const sidebar = page.getByTestId('desktop-sidebar');

    await page.goto('/dashboard');
    await sidebar.hover();
    await sidebar.getByRole('button', { name: 'Admin Settings' }).waitFor();
    // Not on an admin route: the group starts closed, and opens on demand.
    expect(await sidebar.getByRole('link', { name: 'Polling Settings' }).count()).toBe(0);
    await sidebar.getByRole('button', { name: 'Admin Settings' }).click();
    await sidebar.getByRole('link', { name: 'Polling Settings' }).click();
    await waitForPath(page, '/admin/polling-settings');
    await page.getByTestId('polling-settings-page').waitFor();

    // On an admin route the group is open even after a fresh load.
    await page.reload();
    await sidebar.hover();
    const admin = await sidebar.getByTestId('admin-group').getByRole('link').allTextContents();
    expect(admin).toEqual(['Polling Settings', 'Tier Management', 'Viral Styles', 'Reply Status Test', 'Scheduler Test', 'Mailbox', 'Audit', 'AI Provider', 'Users']);
    await page.getByTestId('tier-badge').filter({ hasText: 'Admin Access' }).waitFor();
    await snap(page, 'admin-route-1280');
    await closeCleanTab(tab);
  });

  /**
   * The admin (password already changed) presses 'Test Email Dialog' on the Mailbox, the admin's
   * mail tool: the dashboard's header carries no developer button.
   */
  const startEmailTestMode = async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signIn(page, 'admin', 'brand-new-secret');
    await waitForPath(page, '/schedule-replies');
    await page.goto('/dashboard');
    await page.getByTestId('recent-activity').waitFor();
    expect(await page.getByRole('button', { name: 'Test Email Dialog' }).count()).toBe(0);
    await page.goto('/admin/mailbox');
    await page.getByRole('button', { name: 'Test Email Dialog' }).click();
    return { tab, page, email: page.getByTestId('email-dialog') };
  };

  it('replays the email dialog in email test mode on a local host', async () => {
    const { tab, page, email } = await startEmailTestMode();
    await expectToast(page, 'Test mode activated');
    await email.getByRole('heading', { name: 'Welcome to Riposte!' }).waitFor();
    // In test mode the current email is shown empty.
    expect(await email.getByLabel('Email address').inputValue()).toBe('');
    // Escape closes it.
    await pressEscapeIn(page, email);
    await email.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Exit Email Test Mode' }).click();
    await expectToast(page, 'Test mode deactivated');
    await closeCleanTab(tab);
  });

  it('asks for the current password when the test-mode dialog replaces the address', async () => {
    const { tab, page, email } = await startEmailTestMode();
    await email.getByRole('heading', { name: 'Welcome to Riposte!' }).waitFor();
    await email.getByLabel('Email address').fill('admin.replaced@example.com');
    await email.getByRole('button', { name: 'Save Email' }).click();
    // Replacing an address needs proof of ownership: the field appears with the server's message.
    await email.getByLabel('Current password').waitFor();
    await email.getByText('Current password is required').waitFor();
    await email.getByLabel('Current password').fill('brand-new-secret');
    await email.getByRole('button', { name: 'Save Email' }).click();
    await email.waitFor({ state: 'detached' });
    const status = await page.evaluate(async () => (await (await fetch('/api/auth/status')).json()) as { user: { email: string } });
    expect(status.user.email).toBe('admin.replaced@example.com');
    await closeCleanTab(tab);
  });
});

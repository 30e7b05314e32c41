// A visitor registers, lands in the app, sees the dashboard with honest zeros, logs out, and is
// kept out of guarded routes; unknown paths show 'Page Not Found'. No CSP violation on the way.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab, snap } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('signed-in flow in a real browser', () => {
  const suite = browserSuite();

  it('redirects a guarded route to /auth for a visitor', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    await tab.page.goto('/schedules');
    await waitForPath(tab.page, '/auth');
    await tab.page.getByRole('button', { name: 'Sign in with X' }).waitFor();
    await closeCleanTab(tab);
  });

  it('runs under a strict CSP, and the console watch would notice a violation', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const response = await tab.page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    await tab.page.waitForLoadState('networkidle');
    expect(tab.cspViolations()).toEqual([]);
    // Plant an inline script the way an injection would: the policy refuses it and says so.
    await tab.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__planted = true';
      document.body.append(s);
    });
    await expect.poll(() => tab.cspViolations().length).toBeGreaterThan(0);
    expect(await tab.page.evaluate(() => (window as { __planted?: boolean }).__planted)).toBeUndefined();
    await tab.context.close();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    await tab.page.goto('/this/does/not/exist');
    await tab.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await snap(tab.page, 'not-found-1280');
    await closeCleanTab(tab);
  });

  it('registers, shows the dashboard, logs out and keeps the user out afterwards', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const user = newUser('reg');
    await register(page, user);
    await expectToast(page, 'Registration successful', 'Your account has been created successfully!');
    await waitForPath(page, '/schedule-replies');
    await page.getByRole('heading', { name: 'Schedule a Reply' }).first().waitFor();
    await snap(page, 'schedule-replies-1280');

    // A user who chose a password at registration is not asked to change it.
    expect(await page.getByTestId('change-password-dialog').count()).toBe(0);

    await page.goto('/dashboard');
    await page.getByText(`Welcome back, ${user.fullName}! Here's an overview of your account.`).waitFor();
    await page.getByRole('heading', { name: 'How Riposte 2.0 Works' }).waitFor();
    const cards = page.getByTestId('stat-card');
    await expect.poll(() => cards.count()).toBe(4);
    // Nothing has happened yet: the figures are honest zeros and the activity list is empty.
    await expect.poll(async () => (await cards.allTextContents()).join(' | ')).toMatch(/Impressions Today0.*Replies Sent0.*Monitored Accounts\d+.*Engagement Rate0\.0%/);
    await page.getByTestId('activity-empty').waitFor();
    await page.getByRole('link', { name: 'View All Activity' }).waitFor();
    // The sidebar is narrow until hovered; the user card's badges show when it is expanded.
    await page.mouse.move(900, 500);
    await expect.poll(() => page.getByTestId('desktop-sidebar').getAttribute('data-expanded')).toBe('false');
    expect(await page.getByTestId('tier-badge').count()).toBe(0);
    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('tier-badge').filter({ hasText: '25 Replies Left' }).waitFor();
    await snap(page, 'dashboard-1280');

    // The sidebar lists the main items in the spec's order, with Riposte's additions where people
    // look for them (Calendar, Templates, My X Accounts, Ready to send), and no admin group for a user.
    const labels = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(labels).toEqual([
      'Dashboard',
      'Schedule Replies',
      'Schedule Replies V2',
      'Bulk Replies',
      'Calendar',
      'Templates',
      'Monitored Accounts',
      'My X Accounts',
      'Schedules',
      'Reply History',
      'Ready to send',
      'Settings',
    ]);
    expect(await page.getByTestId('admin-group').count()).toBe(0);
    // Each added destination opens its page.
    for (const [label, path] of [['Templates', '/templates'], ['My X Accounts', '/connected-accounts'], ['Calendar', '/calendar-mockup']] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      await waitForPath(page, path);
    }
    // The user menu's 'Add new account' leads where an X account can be added.
    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('desktop-sidebar').getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Add new account' }).click();
    await waitForPath(page, '/connected-accounts');
    await page.getByRole('button', { name: 'Connect X Account' }).waitFor();

    await page.goto('/trial-status');
    await page.getByRole('heading', { name: 'Your Riposte Subscription' }).waitFor();
    await page.getByTestId('plan-trial').getByText('25 of 25 replies remaining').waitFor();
    await page.getByTestId('why-upgrade').waitFor();
    await snap(page, 'trial-status-1280');

    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('desktop-sidebar').getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out', 'You have been logged out successfully.');
    await waitForPath(page, '/auth');

    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
    await closeCleanTab(tab);
  });

  it('signs in with username and password and shows the login toast', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const user = newUser('login');
    await register(page, user);
    await waitForPath(page, '/schedule-replies');
    await tab.context.clearCookies();

    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await form.getByText('Required').waitFor();
    await form.getByText('Password must be at least 6 characters').waitFor();

    await form.getByLabel('Username').fill(user.username);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login failed', 'Invalid credentials');

    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Login successful', `Welcome back, ${user.username}!`);
    await waitForPath(page, '/schedule-replies');
    await closeCleanTab(tab);
  });
});

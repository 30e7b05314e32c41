// Sign in with X from the browser's side: the login page's diagnostics when the server cannot
// start it, and the callback page's three outcomes (error, no session after 5 tries, success).
// The callback page shows fixed texts keyed by a code: anyone can craft its URL.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('Sign in with X pages', () => {
  // Real X is asked for (no sandbox) and not configured: the login page must say so.
  const suite = browserSuite({ RIPOSTE_X_SANDBOX: 'false' });

  it('shows the diagnostics and a toast when X sign-in is not configured', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with X' }).click();
    const panel = page.getByTestId('x-login-diagnostics');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('contact the administrator');
    expect(await panel.textContent()).toMatch(/API key present\s*no/);
    await expectToast(page, 'Authentication failed', 'contact the administrator');
    expect(page.url()).toContain('/auth');
    await closeCleanTab(tab);
  });

  it("shows the fixed text of the error's code, never text from the URL, with a way back to the login page", async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const planted = 'Call +1 555 0100 to restore your account';
    await page.goto(`/x-auth-callback?auth_status=error&code=denied&error_message=${encodeURIComponent(planted)}&username=${encodeURIComponent(planted)}`);
    await page.getByRole('alert').filter({ hasText: 'X authorisation was cancelled.' }).waitFor();
    await expectToast(page, 'Authentication error', 'X authorisation was cancelled.');
    expect(await page.content()).not.toContain(planted);
    await page.getByRole('button', { name: 'Return to Login' }).click();
    await waitForPath(page, '/auth');
    await tab.context.close();
  });

  it('gives up with a session error after five checks when no session exists', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    let checks = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/status') checks += 1;
    });
    const started = Date.now();
    await page.goto('/x-auth-callback?auth_status=success&username=someone');
    await expectToast(
      page,
      'Session error',
      'Your login was successful, but we had trouble establishing your session. Please try again.',
    );
    // 5 attempts with 300, 600, 900 and 1200 ms between them.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(checks).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Return to Login' }).waitFor();
    await tab.context.close();
  });

  it('continues to the app when the session is there', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const user = newUser('xcb');
    await register(page, user);
    await waitForPath(page, '/schedule-replies');
    await page.goto(`/x-auth-callback?auth_status=success&username=${user.username}`);
    await expectToast(page, 'Login successful', `Welcome back, ${user.username}!`);
    // The user gave an email at registration, so no detour through /email-collection.
    await waitForPath(page, '/schedule-replies');
    await closeCleanTab(tab);
  });
});

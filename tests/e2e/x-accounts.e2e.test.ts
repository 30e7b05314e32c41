// X integration in a real browser against the real server in sandbox mode (the bundled X emulator
// started in-process, reached by the real adapter): nothing here is stubbed, the browser goes to
// the emulator's own consent page exactly as it would go to x.com.
//   - Sign in with X: /auth -> Sandbox X consent -> /api/x/auth/callback -> /x-auth-callback ->
//     no forced password, the email of a new X user -> the app with its 'Sandbox X' marker and
//     the X account connected automatically.
//   - Connect by PIN (as the bootstrap admin, who has unlimited slots): the 800x800 popup, the PIN
//     read off the emulator's PIN page and typed into the PIN dialog.
//   - Disconnect: confirmed and gone; refused with ACCOUNT_IN_USE while a schedule (created through
//     the real schedules API) uses the account, which then switches to Reconnect.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab, snap } from './support/browser';
import { expectToast, signIn, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';
import { ADMIN_PASSWORD } from './support/server';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const CSRF = { 'X-Riposte-Request': '1' };
const ADMIN_NEW_PASSWORD = 'admin-x-secret-1';
const IN_USE = 'This account cannot be disconnected because it is used in scheduled posts. Please use the Reconnect button instead.';

type XAccountsJson = {
  accounts: { id: string; username: string; usedInSchedules: boolean; schedulesCount: number }[];
  accountLimit: number | null;
  remainingSlots: number | null;
};

/** The JSON of a same-origin API call made by the page itself (its cookie, its CSRF header). */
const pageFetch = async <T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> =>
  page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
      const text = await res.text();
      return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
    },
    { method, path, body, headers: CSRF },
  );

const xAccounts = async (page: Page): Promise<XAccountsJson> => {
  const res = await pageFetch<XAccountsJson>(page, 'GET', '/api/x/accounts');
  expect(res.status).toBe(200);
  return res.body;
};

/** On the Sandbox X consent page: type the sandbox username and authorise. */
async function authorizeOnSandboxX(x: Page, username: string): Promise<void> {
  await x.getByText('Sandbox X (emulator)').waitFor();
  await x.locator('#username').fill(username);
  await x.getByRole('button', { name: 'Authorize app' }).click();
}

/**
 * Clicks `trigger` (which opens X in a popup), authorises `username` there and returns the PIN the
 * emulator shows, with the size the page asked the popup to have.
 */
async function pinFromPopup(context: BrowserContext, trigger: () => Promise<void>, username: string): Promise<{ pin: string; popupUrl: string }> {
  const popupOpened = context.waitForEvent('page', { timeout: 15_000 });
  await trigger();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  const popupUrl = popup.url();
  await authorizeOnSandboxX(popup, username);
  const code = popup.locator('#oauth_pin code');
  await code.waitFor();
  const pin = ((await code.textContent()) ?? '').trim();
  expect(pin).toMatch(/^\d+$/);
  await popup.close();
  return { pin, popupUrl };
}

async function typePin(page: Page, pin: string, title: string): Promise<void> {
  const dialog = page.getByTestId('pin-dialog');
  await dialog.getByRole('heading', { name: title }).waitFor();
  await dialog.getByLabel('PIN').fill(pin);
  await dialog.getByRole('button', { name: 'Verify PIN' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const card = (page: Page, username: string) => page.getByTestId('x-account-card').filter({ hasText: `@${username}` });

/** The bootstrap admin: the forced password change the first time, the email dialog dismissed. */
async function signInAdmin(page: Page, first: boolean): Promise<void> {
  await signIn(page, 'admin', first ? ADMIN_PASSWORD : ADMIN_NEW_PASSWORD);
  await waitForPath(page, '/schedule-replies');
  if (!first) return;
  const dialog = page.getByTestId('change-password-dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Current password').fill(ADMIN_PASSWORD);
  await dialog.getByLabel('New password', { exact: true }).fill(ADMIN_NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(ADMIN_NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await dialog.waitFor({ state: 'detached' });
  const email = page.getByTestId('email-dialog');
  await email.getByLabel('Email address').fill('admin@example.com');
  // The address will receive reset links: the account proves it is the owner with its password.
  await email.getByLabel('Current password').fill(ADMIN_NEW_PASSWORD);
  await email.getByRole('button', { name: 'Save Email' }).click();
  await email.waitFor({ state: 'detached' });
}

describe.skipIf(skip !== null)('X accounts in a real browser (sandbox X)', () => {
  // Sandbox mode is what a server without RIPOSTE_X_API_KEY runs: the emulator stands in for X.
  const suite = browserSuite();

  it('signs in with X end to end: consent on Sandbox X, no forced password, the app with the account connected, a password set in Settings', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with X' }).click();

    // The browser left Riposte for the emulator's authenticate page (another origin).
    await page.waitForURL((url) => url.pathname === '/oauth/authenticate', { timeout: 15_000 });
    expect(new URL(page.url()).origin).not.toBe(new URL(suite.server.url).origin);
    expect(new URL(page.url()).searchParams.get('oauth_token')).toBeTruthy();
    await snap(page, 'sandbox-x-consent');
    await authorizeOnSandboxX(page, 'xe2e_alice');

    // Back on Riposte: the callback page verifies the session the server started, and greets a
    // first sign-in as new, not 'Welcome back'.
    await expectToast(page, 'Login successful', 'Welcome to Riposte, xe2e_alice!');
    // The X user has no email: the callback sends them to /email-collection.
    await waitForPath(page, '/email-collection');

    await page.getByRole('heading', { name: 'Welcome to Riposte!' }).waitFor();
    // Signed in with X, she needs no password: nothing forces her to choose one.
    expect(await page.getByTestId('change-password-dialog').count()).toBe(0);
    await page.getByLabel('Email address').fill('xe2e_alice@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/schedule-replies');
    const marker = page.getByTestId('sandbox-x-marker');
    await marker.waitFor();
    expect(await marker.textContent()).toContain('Sandbox X');

    // Auto-connect: the X account she signed in with is her connected account, filling the trial slot.
    await page.goto('/connected-accounts');
    await card(page, 'xe2e_alice').waitFor();
    expect(await page.getByTestId('x-account-limit').textContent()).toBe('1 of 1 account used · 0 slots left');
    const connect = page.getByRole('button', { name: 'No slots available' });
    expect(await connect.isDisabled()).toBe(true);
    await page.getByTestId('sandbox-x-marker').waitFor();
    await snap(page, 'x-signed-in-connected-accounts');

    // Settings offers a password for signing in by username too; set with the keyboard.
    await page.goto('/settings');
    const setPassword = page.getByRole('form', { name: 'Set a password' });
    await setPassword.getByLabel('New password').fill('alice-first-pass');
    await page.keyboard.press('Tab');
    await page.keyboard.type('alice-first-pass');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Password changed', 'Your password has been changed successfully.');
    await page.getByRole('form', { name: 'Change password' }).waitFor();

    // The password she set works for a username-and-password sign-in too.
    await tab.context.clearCookies();
    await signIn(page, 'xe2e_alice', 'alice-first-pass');
    await expectToast(page, 'Login successful', 'Welcome back, xe2e_alice!');
    await waitForPath(page, '/schedule-replies');
    expect(await page.getByTestId('change-password-dialog').count()).toBe(0);
    await closeCleanTab(tab);
  });

  it('connects a second X account by PIN through the 800x800 popup (admin, unlimited slots)', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page, context } = tab;
    // Record what the page asks window.open for (the real window.open still runs).
    await context.addInitScript(() => {
      const real = window.open.bind(window);
      (window as unknown as { openedWith: string[] }).openedWith = [];
      window.open = (url?: string | URL, target?: string, features?: string) => {
        (window as unknown as { openedWith: string[] }).openedWith.push(features ?? '');
        return real(url, target, features);
      };
    });
    await signInAdmin(page, true);
    await page.goto('/connected-accounts');
    await page.getByTestId('x-accounts-empty').waitFor();
    expect(await page.getByTestId('x-account-limit').textContent()).toBe('0 connected · Unlimited accounts');

    for (const handle of ['xe2e_bob', 'xe2e_carol']) {
      const { pin, popupUrl } = await pinFromPopup(context, () => page.getByRole('button', { name: 'Connect X Account' }).click(), handle);
      expect(new URL(popupUrl).pathname).toBe('/oauth/authorize');
      if (handle === 'xe2e_carol') {
        // A mistyped PIN is said once, beside the field, and the right one still connects.
        const dialog = page.getByTestId('pin-dialog');
        await dialog.getByLabel('PIN').fill(`${pin}9`);
        await dialog.getByRole('button', { name: 'Verify PIN' }).click();
        await dialog.getByRole('alert').filter({ hasText: 'X did not accept this PIN. Check the PIN X shows and type it again.' }).waitFor();
        expect(await page.getByText('Authentication Failed').count()).toBe(0);
      }
      await typePin(page, pin, 'Enter the PIN from X');
      await expectToast(page, 'X account connected', `@${handle} is now connected.`);
      await card(page, handle).waitFor();
    }
    const features = await page.evaluate(() => (window as unknown as { openedWith: string[] }).openedWith);
    expect(features).toHaveLength(2);
    for (const f of features) expect(f).toMatch(/^width=800,height=800,/);
    expect(await page.getByTestId('x-account-limit').textContent()).toBe('2 connected · Unlimited accounts');
    const list = await xAccounts(page);
    expect(list.accounts.map((a) => a.username).sort()).toEqual(['xe2e_bob', 'xe2e_carol']);
    expect(list).toMatchObject({ accountLimit: null, remainingSlots: null });

    // An X account already connected to another Riposte user is refused on the PIN dialog itself.
    const { pin } = await pinFromPopup(context, () => page.getByRole('button', { name: 'Connect X Account' }).click(), 'xe2e_alice');
    const dialog = page.getByTestId('pin-dialog');
    await dialog.getByLabel('PIN').fill(pin);
    await dialog.getByRole('button', { name: 'Verify PIN' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'already connected to another Riposte user' }).filter({ hasText: 'Authentication Failed' }).waitFor();
    // That authorisation is over: 'Start again' opens X for a new one, and the dialog asks for its PIN.
    await pinFromPopup(context, () => dialog.getByRole('button', { name: 'Start again' }).click(), 'xe2e_alice');
    await dialog.getByRole('button', { name: 'Verify PIN' }).waitFor();
    expect(await dialog.getByLabel('PIN').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await xAccounts(page)).accounts).toHaveLength(2);
    await snap(page, 'x-accounts-two-connected');
    await closeCleanTab(tab);
  });

  it('disconnects after confirmation, and refuses while a schedule uses the account (then reconnects)', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page, context } = tab;
    await signInAdmin(page, false);
    await page.goto('/connected-accounts');
    await card(page, 'xe2e_carol').waitFor();

    // Cancel keeps the account; Disconnect removes it.
    await card(page, 'xe2e_carol').getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByTestId('disconnect-dialog');
    await confirm.getByText('Disconnect @xe2e_carol?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await card(page, 'xe2e_carol').count()).toBe(1);
    await card(page, 'xe2e_carol').getByRole('button', { name: 'Disconnect' }).click();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expectToast(page, 'X account disconnected', '@xe2e_carol was disconnected.');
    await card(page, 'xe2e_carol').waitFor({ state: 'detached' });
    expect((await xAccounts(page)).accounts.map((a) => a.username)).toEqual(['xe2e_bob']);

    // A schedule posting from @xe2e_bob, through the real schedules API.
    const bob = (await xAccounts(page)).accounts[0];
    const targets = await pageFetch<{ id: string; username: string }[]>(page, 'GET', '/api/user/accounts');
    expect(targets.status).toBe(200);
    const target = targets.body[0];
    expect(target).toBeDefined();
    const created = await pageFetch<{ id: string; connectedAccountId: string }>(page, 'POST', '/api/schedules', {
      accountId: target?.id,
      connectedAccountId: bob?.id,
      scheduleType: 'scheduled',
      peakWindowType: 'morning_peak',
      isRecurring: false,
      useAI: false,
      conditions: { content: 'Well said', targetAccount: target?.username, imageIncluded: false },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.connectedAccountId).toBe(bob?.id);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await card(page, 'xe2e_bob').getByText('Used in 1 schedule').waitFor();

    // Disconnect names the schedule that uses the account (a link to its page) and is not offered;
    // Reconnect is the second choice (a popup).
    await card(page, 'xe2e_bob').getByRole('button', { name: 'Disconnect' }).click();
    const inUse = confirm.getByTestId('disconnect-in-use');
    const link = inUse.getByRole('link', { name: new RegExp(`^Reply to @${target?.username}`) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/schedule-replies/${created.body.id}`);
    await confirm.getByText('@xe2e_bob posts 1 scheduled reply. Move them to another account or delete them, then disconnect.').waitFor();
    expect(await confirm.getByRole('button', { name: 'Disconnect' }).isDisabled()).toBe(true);
    // Only one account: nothing to move to.
    expect(await inUse.getByLabel('Move them to').count()).toBe(0);
    await snap(page, 'x-account-in-use');
    const { pin } = await pinFromPopup(context, () => inUse.getByRole('button', { name: 'Reconnect instead' }).click(), 'xe2e_bob');
    await typePin(page, pin, 'Reconnect @xe2e_bob');
    await expectToast(page, 'X account reconnected', '@xe2e_bob is now connected.');
    const after = await xAccounts(page);
    expect(after.accounts.map((a) => [a.username, a.schedulesCount])).toEqual([['xe2e_bob', 1]]);
    expect(after.accounts[0]?.id).toBe(bob?.id);

    // The server says the spec's message to a direct call.
    const refused = await pageFetch<{ code?: string; message?: string }>(page, 'DELETE', `/api/x/accounts/${bob?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_IN_USE', message: IN_USE });

    // With a second account, the schedule moves there and @xe2e_bob can go.
    const again = await pinFromPopup(context, () => page.getByRole('button', { name: 'Connect X Account' }).click(), 'xe2e_carol');
    await typePin(page, again.pin, 'Enter the PIN from X');
    await card(page, 'xe2e_carol').waitFor();
    const carol = (await xAccounts(page)).accounts.find((a) => a.username === 'xe2e_carol');
    await card(page, 'xe2e_bob').getByRole('button', { name: 'Disconnect' }).click();
    const moveTo = inUse.getByRole('combobox', { name: 'Move them to' });
    await moveTo.focus();
    await moveTo.press('Enter');
    const option = page.getByRole('option', { name: '@xe2e_carol' });
    await option.waitFor();
    await option.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => moveTo.textContent()).toContain('@xe2e_carol');
    await inUse.getByRole('button', { name: 'Move it' }).click();
    await inUse.waitFor({ state: 'detached' });
    await confirm.getByText('Disconnect @xe2e_bob?').waitFor();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await card(page, 'xe2e_bob').waitFor({ state: 'detached' });
    const moved = await pageFetch<{ connectedAccountId: string; accountName: string }>(page, 'GET', `/api/schedules/${created.body.id}`);
    expect(moved.body).toMatchObject({ connectedAccountId: carol?.id, accountName: 'xe2e_carol' });
    expect((await xAccounts(page)).accounts.map((a) => [a.username, a.schedulesCount])).toEqual([['xe2e_carol', 1]]);
    await closeCleanTab(tab);
  });
});

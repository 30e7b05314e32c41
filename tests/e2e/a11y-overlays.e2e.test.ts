// axe-core with the overlays open (the page audit, a11y-audit.e2e.test.ts, sees each page at rest):
// every dialog, alert dialog, menu, drawer, select list and suggestion list of the web app, as the
// role that can open it, at 1280 and 375 px, with a toast on screen where one comes. No serious or
// critical violation. On the way, with the keyboard: each dialog opened from a button gives focus
// back to that button when Escape closes it, and Escape in a list inside a dialog closes the list,
// not the dialog.
import type { Cookie, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CSRF, connectX, json, signInAdmin } from './support/api';
import { auditContext, describeFindings, stableViolations } from './support/axe';
import { chromiumMissing, DESKTOP, PHONE } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { ADMIN_PASSWORD } from './support/server';
import { browserSuite, type BrowserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

/** Two widths side by side, some 25 overlays each; axe takes seconds a run on a loaded machine. */
const BUDGET = 600_000;

type Step = { page: Page; width: number; check: (what: string) => Promise<void> };

/**
 * Runs `steps` in a fresh context at each width (side by side), signed in with `cookies`; `check`
 * audits the page as it is. Every finding, as text; a failing step names its width.
 */
async function atBothWidths(suite: BrowserSuite, cookies: Cookie[], role: string, steps: (s: Step) => Promise<void>): Promise<string> {
  const run = async (viewport: { width: number; height: number }) => {
    const context = await auditContext(suite.browser, suite.server.url, viewport);
    await context.addCookies(cookies);
    const page = await context.newPage();
    const found: string[] = [];
    const check = async (what: string) => {
      const findings = await stableViolations(page);
      if (findings.length > 0) found.push(describeFindings(`${role} ${what} @${viewport.width}`, findings));
    };
    try {
      await steps({ page, width: viewport.width, check });
    } catch (err) {
      throw new Error(`${role} @${viewport.width}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    } finally {
      await context.close();
    }
    return found;
  };
  return (await Promise.all([run(DESKTOP), run(PHONE)])).flat().join('\n');
}

const holdsFocus = (overlay: Locator) => overlay.evaluate((el) => el.contains(document.activeElement));
const isFocused = (el: Locator) => el.evaluate((e) => e === document.activeElement);
/** What has focus, for a failure message. */
const focusedNow = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return a === null ? 'nothing' : `<${a.tagName.toLowerCase()} role=${a.getAttribute('role')}> ${(a.textContent ?? '').trim().slice(0, 40)}`;
  });
const POLL = { timeout: 5_000 };

/** Opens `overlay` from `trigger` with the keyboard (focus, Enter) and waits for focus inside it. */
async function openWithKeyboard(page: Page, trigger: Locator, overlay: Locator): Promise<void> {
  await trigger.focus();
  await page.keyboard.press('Enter');
  await overlay.waitFor();
  await expect.poll(() => holdsFocus(overlay), POLL).toBe(true);
}

/** Escape closes `overlay`, and focus is back on the `trigger` that opened it. */
async function escapeBackTo(page: Page, overlay: Locator, trigger: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'detached' });
  await expect.poll(() => isFocused(trigger), { ...POLL, message: 'focus back on the trigger' }).toBe(true).catch(async (err: unknown) => {
    throw new Error(`focus is on ${await focusedNow(page)}, not back on the trigger: ${String(err)}`);
  });
}

/** Audits the dialog `trigger` opens, then closes it with Escape and checks focus came back. */
async function auditDialog(s: Step, trigger: Locator, what: string, dialog = s.page.getByRole('dialog')): Promise<void> {
  await openWithKeyboard(s.page, trigger, dialog);
  await s.check(what);
  await escapeBackTo(s.page, dialog, trigger);
}

/** The page is there: its heading, and no skeleton or spinner left. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(path);
  else await page.evaluate((p) => window.history.pushState(null, '', p), path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="page-spinner"], [data-slot="skeleton"], [aria-busy="true"]') === null);
}

/** Escape in an open list inside `dialog`: the list closes, the dialog stays with focus on `box`. */
async function escapeClosesListOnly(page: Page, dialog: Locator, box: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
  expect(await dialog.isVisible()).toBe(true);
  await expect.poll(() => isFocused(box), POLL).toBe(true).catch(async (err: unknown) => {
    throw new Error(`after Escape in the list, focus is on ${await focusedNow(page)}, not its box: ${String(err)}`);
  });
}

describe.skipIf(skip !== null)('accessibility audit with dialogs, menus and lists open (axe-core)', () => {
  // Legacy mode on, so an admin's Monitored Accounts offers the Legacy Access dialog.
  const suite = browserSuite({ RIPOSTE_LEGACY_PIN: '4321' });

  it('as a (paying) user: schedules, templates, X accounts, V2, bulk, calendar, settings, subscription, user menu and drawer', async () => {
    const setup = await auditContext(suite.browser, suite.server.url, DESKTOP);
    const page = await setup.newPage();
    const user = newUser('overlay');
    await register(page, user);
    await waitForPath(page, '/schedule-replies');
    await connectX(page, 'overlayuser');
    const { accounts } = await json<{ accounts: { id: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const targets = await json<{ id: string; username: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    const template = await json<{ id: string }>(await page.request.post('/api/templates', { headers: CSRF, data: { name: 'Audit template', content: 'Well said, and worth repeating.' } }));
    await json(await page.request.post('/api/template-groups', { headers: CSRF, data: { name: 'Audit group' } }));
    const at = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    await json(
      await page.request.post('/api/schedules', {
        headers: CSRF,
        data: { accountId: targets[0]?.id, connectedAccountId: accounts[0]?.id, templateId: template.id, templateGroupId: null, scheduleType: 'scheduled', isRecurring: false, scheduledTime: at },
      }),
    );
    const target = targets[0]?.username ?? '';
    // Premium (paid in the sandbox checkout), for Bulk's batch and the subscription's cancel dialog.
    await page.goto('/payment');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('payment-success').waitFor();
    const cookies = await setup.cookies();
    await setup.close();

    const found = await atBothWidths(suite, cookies, 'user', async (s) => {
      const { page } = s;

      // Schedules: New Schedule with a select list and the target suggestions open, the time zone, delete.
      await visit(page, '/schedules', 'Schedules');
      const newSchedule = page.getByRole('button', { name: 'New Schedule' });
      const dialog = page.getByRole('dialog');
      await openWithKeyboard(page, newSchedule, dialog);
      await s.check('New Schedule dialog');
      const source = dialog.getByRole('combobox', { name: 'Template source' });
      await source.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      await s.check('New Schedule dialog, a select list open');
      await escapeClosesListOnly(page, dialog, source);
      const picker = dialog.getByRole('combobox', { name: 'Target account' });
      await picker.focus();
      await picker.pressSequentially('na');
      await page.getByRole('option').first().waitFor();
      await expect.poll(() => picker.getAttribute('aria-expanded')).toBe('true');
      await s.check('New Schedule dialog, target suggestions open');
      await escapeClosesListOnly(page, dialog, picker);
      await escapeBackTo(page, dialog, newSchedule);
      await auditDialog(s, page.getByRole('button', { name: 'Change', exact: true }), 'time zone dialog');
      await auditDialog(s, page.getByRole('button', { name: `Delete schedule for @${target}` }), 'delete schedule confirmation', page.getByRole('alertdialog'));

      // Templates: new, edit, delete; groups: new, edit, delete, the add-a-template list.
      await visit(page, '/templates', 'Templates');
      await auditDialog(s, page.getByRole('button', { name: 'New Template' }), 'New Template dialog');
      await auditDialog(s, page.getByRole('button', { name: 'Edit Audit template' }), 'edit template dialog');
      await auditDialog(s, page.getByRole('button', { name: 'Delete Audit template' }), 'delete template confirmation', page.getByRole('alertdialog'));
      await auditDialog(s, page.getByRole('button', { name: 'New Group' }), 'New Group dialog');
      await auditDialog(s, page.getByRole('button', { name: 'Edit group Audit group' }), 'edit group dialog');
      await auditDialog(s, page.getByRole('button', { name: 'Delete group Audit group' }), 'delete group confirmation', page.getByRole('alertdialog'));
      const addTo = page.getByRole('combobox', { name: 'Add a template to Audit group' });
      await addTo.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      await s.check('add-a-template list open');
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });

      // My X Accounts: disconnect (a trial user's one slot is taken: the PIN dialog is the admin's below).
      await visit(page, '/connected-accounts', 'My X Accounts');
      await auditDialog(s, page.getByRole('button', { name: 'Disconnect' }), 'disconnect dialog', page.getByRole('alertdialog'));

      // V2's list of scheduled replies: delete.
      await visit(page, '/schedule-replies-v2', 'Schedule Replies V2');
      await auditDialog(s, page.getByRole('button', { name: `Delete reply to @${target}` }), 'V2 delete confirmation', page.getByRole('alertdialog'));

      // Bulk: the batch's confirmation.
      await visit(page, '/bulk-replies', 'Bulk Replies');
      await page.getByRole('button', { name: 'Add Reply' }).click();
      await page.getByRole('textbox', { name: 'Reply text, reply 1' }).fill('Well said, and worth repeating.');
      await auditDialog(s, page.getByRole('button', { name: 'Schedule All Replies' }), 'Bulk confirmation', page.getByRole('alertdialog'));

      // Calendar: the compose panel's target suggestions, a reply's details, then its delete confirmation.
      await visit(page, '/calendar-mockup', 'Schedule Management');
      const replyTo = page.getByTestId('compose-panel').getByRole('combobox', { name: 'Reply to' });
      await replyTo.focus();
      await replyTo.pressSequentially('na');
      await page.getByRole('option').first().waitFor();
      await s.check('calendar compose panel, target suggestions open');
      await page.keyboard.press('Escape');
      await expect.poll(() => replyTo.getAttribute('aria-expanded')).toBe('false');
      const entry = page.getByTestId('calendar-list').getByTestId('calendar-entry').first();
      await openWithKeyboard(page, entry, dialog);
      await s.check('calendar reply dialog');
      await dialog.getByRole('button', { name: 'Delete schedule' }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).waitFor();
      await s.check('calendar reply dialog, delete confirmation');
      await escapeBackTo(page, dialog, entry);

      // Settings: delete account; a new API token shown once, with its toast.
      await visit(page, '/settings', 'Settings');
      await auditDialog(s, page.getByRole('button', { name: 'Delete account' }), 'delete account dialog');
      const tokens = page.getByRole('form', { name: 'Create an API token' });
      await tokens.getByLabel('Name').fill(`audit ${s.width}`);
      await tokens.getByLabel('Current password').fill(user.password);
      await tokens.getByRole('button', { name: 'Create token' }).click();
      await page.getByTestId('new-token').waitFor();
      await s.check('new token shown once');
      await page.getByRole('button', { name: `Revoke audit ${s.width}` }).click();
      const toast = page.locator('[data-slot="toast"]').first();
      await toast.waitFor();
      await toast.hover(); // a toast under the pointer stays (Radix pauses its timer)
      await s.check('toast');

      // Subscription: cancel Premium.
      await visit(page, '/trial-status', 'Your Riposte Subscription');
      await auditDialog(s, page.getByRole('button', { name: 'Cancel subscription' }), 'cancel subscription dialog', page.getByRole('alertdialog'));

      // The user menu, and at 375 px the drawer.
      if (s.width === DESKTOP.width) {
        const card = page.getByTestId('desktop-sidebar').getByRole('button', { name: 'Open user menu' });
        await openWithKeyboard(page, card, page.getByRole('menu'));
        await s.check('user menu');
        await escapeBackTo(page, page.getByRole('menu'), card);
      } else {
        const avatar = page.getByTestId('mobile-topbar').getByRole('button', { name: 'Open user menu' });
        await openWithKeyboard(page, avatar, page.getByRole('menu'));
        await s.check('user menu');
        await escapeBackTo(page, page.getByRole('menu'), avatar);
        const menu = page.getByRole('button', { name: 'Open menu' });
        await auditDialog(s, menu, 'navigation drawer', page.getByTestId('mobile-drawer'));
      }
    });
    expect(found).toBe('');
  }, BUDGET);

  it('as an admin: the forced password change, monitored accounts, X Admin token, PIN, email dialog', async () => {
    // The bootstrap admin's first sign-in: the password change dialog over the page.
    const setup = await auditContext(suite.browser, suite.server.url, DESKTOP);
    const page = await setup.newPage();
    expect((await page.request.post('/api/auth/login', { data: { username: 'admin', password: ADMIN_PASSWORD }, headers: CSRF })).status()).toBe(200);
    const forced = await atBothWidths(suite, await setup.cookies(), 'admin', async (s) => {
      await s.page.goto('/dashboard');
      await s.page.getByTestId('change-password-dialog').getByLabel('Current password').waitFor();
      await s.check('forced password change dialog');
    });
    await signInAdmin(page);
    const cookies = await setup.cookies();
    await setup.close();

    const found = await atBothWidths(suite, cookies, 'admin', async (s) => {
      const { page } = s;
      await visit(page, '/accounts', 'Monitored Accounts');
      await auditDialog(s, page.getByRole('button', { name: 'Add Account' }), 'Add Account dialog');
      await auditDialog(s, page.getByRole('button', { name: /^Edit @/ }).first(), 'edit account dialog');
      await auditDialog(s, page.getByRole('button', { name: /^Delete @/ }).first(), 'delete account confirmation', page.getByRole('alertdialog'));
      const legacy = page.getByRole('button', { name: 'Legacy Access' });
      const dialog = page.getByRole('dialog');
      await openWithKeyboard(page, legacy, dialog);
      await s.check('Legacy Access dialog, PIN');
      await dialog.getByLabel('PIN', { exact: true }).fill('4321');
      await dialog.getByRole('button', { name: 'Unlock' }).click();
      await dialog.getByLabel('Account URL or @username').waitFor();
      await s.check('Legacy Access dialog, unlocked');
      await dialog.getByLabel('Account URL or @username').focus();
      await escapeBackTo(page, dialog, legacy);

      // The X Admin step-up, sent empty: the dialog and its error toast.
      await visit(page, '/admin/tier-management', 'Tier Management');
      const verify = page.getByRole('button', { name: 'Verify X Admin' });
      await openWithKeyboard(page, verify, dialog);
      await s.check('X Admin dialog');
      await dialog.getByRole('button', { name: /Verify/ }).click();
      const toast = page.locator('[data-slot="toast"]').first();
      await toast.waitFor();
      await toast.hover();
      await s.check('X Admin dialog with its error toast');
      // Escape closes the top layer first: the toast, then the dialog.
      await dialog.getByLabel('X Admin token').focus();
      await page.keyboard.press('Escape');
      await toast.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);
      await escapeBackTo(page, dialog, verify);

      // The PIN dialog, beside X's authorisation window (an admin has free slots).
      await visit(page, '/connected-accounts', 'My X Accounts');
      const connect = page.getByRole('button', { name: 'Connect X Account' });
      const popup = page.context().waitForEvent('page');
      await connect.focus();
      await page.keyboard.press('Enter');
      await (await popup).close();
      const pin = page.getByTestId('pin-dialog');
      await pin.getByLabel('PIN').waitFor();
      await s.check('PIN dialog');
      await escapeBackTo(page, pin, connect);

      // The mailbox's email test mode replays the email dialog.
      await visit(page, '/admin/mailbox', 'Mailbox');
      await page.getByRole('button', { name: 'Test Email Dialog' }).click();
      const email = page.getByTestId('email-dialog');
      await email.getByRole('heading', { name: 'Welcome to Riposte!' }).waitFor();
      await s.check('email dialog');
    });
    expect([forced, found].filter((f) => f !== '').join('\n')).toBe('');
  }, BUDGET);
});

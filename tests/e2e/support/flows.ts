// Steps several browser tests share, written the way a person would do them.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { connectX, CSRF, json } from './api';

export type NewUser = { fullName: string; username: string; email: string; password: string };

let counter = 0;
export function newUser(prefix = 'user'): NewUser {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${counter}`;
  return { fullName: `Ada ${prefix} Lovelace`, username: tag, email: `${tag}@example.com`, password: 'correct-horse-9' };
}

export async function register(page: Page, user: NewUser): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Full name').fill(user.fullName);
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Confirm password').fill(user.password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A toast with this title (and description) was shown. Read from the page's toast log (see
 * recordToasts in browser.ts), not the screen: a toast lasts 5 seconds, or less when the next one
 * replaces it. Each toast answers one call: the first one not yet matched, so an earlier toast
 * with the same title does not stand in for the one this step causes.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const take = () =>
    page.evaluate(
      ([t, d]) => {
        const log = (window as unknown as { __riposteToasts?: { text: string; seen: boolean }[] }).__riposteToasts ?? [];
        const found = log.find((e) => !e.seen && e.text.includes(t) && (d === null || e.text.includes(d)));
        if (found === undefined) return null;
        found.seen = true;
        return found.text;
      },
      [title, description ?? null] as const,
    );
  await expect.poll(take, { timeout: 10_000, message: `a toast '${title}'${description === undefined ? '' : ` saying '${description}'`}` }).not.toBeNull();
}

/**
 * The link a toast with this title offered (its action), read from the page's toast log like
 * expectToast, so a toast gone from the screen still answers: the latest such toast. Call it after
 * expectToast (which checks the toast belongs to this step); it does not consume the toast.
 */
export async function toastLink(page: Page, title: string): Promise<string> {
  const take = () =>
    page.evaluate((t) => {
      const log = (window as unknown as { __riposteToasts?: { text: string; seen: boolean; links: string[] }[] }).__riposteToasts ?? [];
      const found = [...log].reverse().find((e) => e.text.includes(t) && e.links.length > 0);
      return found?.links[0] ?? null;
    }, title);
  let link: string | null = null;
  await expect
    .poll(async () => {
      link = await take();
      return link;
    }, { timeout: 10_000, message: `a toast '${title}' with a link` })
    .not.toBeNull();
  return link ?? '';
}

/**
 * Presses Escape in an open dialog once it holds focus: Radix starts listening for Escape in the
 * same step as it moves focus in, so a key pressed while the dialog is still opening is lost.
 */
export async function pressEscapeIn(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
}

/**
 * Holds the page's `method` requests to `url` until `release()`, so an in-between state (skeletons,
 * 'Deleting...') stays on screen until the test has seen it, however slow the machine.
 */
export async function holdRequests(page: Page, url: string, method: string): Promise<{ release: () => void }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() === method) await gate;
    await route.continue();
  });
  return { release };
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/**
 * Picks an option of a select-like combobox with the keyboard, the way a person who tabs does, and
 * waits for the state that matters: the list gone and the choice shown on the combobox. (A pointer
 * click on an option during the list's opening animation can leave the list open over the page.)
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp, { exact = false }: { exact?: boolean } = {}): Promise<void> {
  await combobox.click();
  const item = page.getByRole('listbox').getByRole('option', { name: option, exact });
  await item.focus();
  await item.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await combobox.getByText(option, { exact }).waitFor();
}

/**
 * A new user who signed up, connected the X account `poster` and can schedule: the connected
 * account's id and the first monitored target, read back over the API.
 */
export async function newUserWithX(page: Page, prefix: string, poster: string): Promise<{ connectedAccountId: string; target: { id: string; username: string } }> {
  await register(page, newUser(prefix));
  await waitForPath(page, '/schedule-replies');
  await connectX(page, poster);
  const { accounts } = await json<{ accounts: { id: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
  const targets = await json<{ id: string; username: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
  return { connectedAccountId: accounts[0]!.id, target: targets[0]! };
}

/** Types a handle into a target picker and takes the first suggestion with the keyboard. */
export async function pickTarget(page: Page, label: string, handle: string, scope = page.locator('body')): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(handle);
  await page.getByRole('option', { name: new RegExp(`@${handle}`) }).first().waitFor();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe(`@${handle}`);
}

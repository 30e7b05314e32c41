// Steps several browser tests share, written the way a person would do them.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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

/** The text of the toast on screen (Radix renders toasts as list items in a labelled region). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  // An earlier toast with the same title may still be on screen: look for the one with this text.
  const titled = page.locator('[data-slot="toast"]').filter({ hasText: title });
  const toast = (description === undefined ? titled : titled.filter({ hasText: description })).first();
  await toast.waitFor({ state: 'visible', timeout: 10_000 });
  if (description !== undefined) expect(await toast.textContent()).toContain(description);
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

// Calls a browser test makes beside the page (with the page's own cookies): the CSRF header, JSON
// answers, connecting an X account through Sandbox X's PIN flow, and the bootstrap admin.
import type { APIResponse, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PASSWORD } from './server';

export const CSRF = { 'X-Riposte-Request': '1' };

/** The JSON of a successful answer (the status and body are in the failure message). */
export const json = async <T>(res: APIResponse): Promise<T> => {
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/**
 * Connects the X account `handle` the way a person does it: the authorisation page of (Sandbox) X
 * in a second tab, the PIN it shows, and the PIN sent back to Riposte.
 */
export async function connectX(page: Page, handle: string): Promise<void> {
  const { url, token } = await json<{ url: string; token: string }>(await page.request.get('/api/x/auth/url', { headers: CSRF }));
  const x = await page.context().newPage();
  await x.goto(url);
  await x.getByLabel('Username').fill(handle);
  await x.getByRole('button', { name: 'Authorize app' }).click();
  const pin = (await x.getByLabel('PIN').textContent())?.trim() ?? '';
  expect(pin).toMatch(/^\d+$/);
  await x.close();
  await json(await page.request.post('/api/x/auth/verify-pin', { headers: CSRF, data: { token, pinCode: pin } }));
}

const ADMIN_NEW_PASSWORD = 'admin-accounts-pw';

/** The bootstrap admin, password changed and email set (their own tests cover those dialogs). */
export async function signInAdmin(page: Page): Promise<void> {
  let login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: ADMIN_PASSWORD }, headers: CSRF });
  if (login.status() === 401) login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: ADMIN_NEW_PASSWORD }, headers: CSRF });
  expect(login.status()).toBe(200);
  const { user } = (await login.json()) as { user: { passwordChangeRequired: boolean } };
  if (user.passwordChangeRequired) {
    const change = await page.request.put('/api/auth/change-password', {
      data: { currentPassword: ADMIN_PASSWORD, newPassword: ADMIN_NEW_PASSWORD, confirmPassword: ADMIN_NEW_PASSWORD },
      headers: CSRF,
    });
    expect(change.status()).toBe(200);
    const email = { email: 'admin@example.com', subscribedToUpdates: false, currentPassword: ADMIN_NEW_PASSWORD };
    expect((await page.request.post('/api/user/email', { data: email, headers: CSRF })).status()).toBe(200);
  }
}

/** GET /api/schedules as the page's user (newest first); `T` names the fields a test reads. */
export const schedulesOf = async <T = Record<string, unknown>>(page: Page): Promise<T[]> => json<T[]>(await page.request.get('/api/schedules', { headers: CSRF }));

/**
 * Driving the bundled X emulator's consent page as a person would: the API, security and fuzz
 * suites all connect X accounts through it.
 */
import { expect } from 'vitest';
import type { Client } from './support';

/** Submits the emulator's consent form: a PIN (oob) or the callback URL X redirects to. */
export const consent = async (authUrl: string, username: string, decision: 'allow' | 'deny' = 'allow'): Promise<{ pin: string | null; location: string | null }> => {
  const url = new URL(authUrl);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ oauth_token: url.searchParams.get('oauth_token') ?? '', username, decision }).toString(),
    redirect: 'manual',
  });
  const html = await res.text();
  return { pin: /<code>(\d+)<\/code>/.exec(html)?.[1] ?? null, location: res.headers.get('location') };
};

/** Connects `handle` (an emulator user) to the signed-in `client` by PIN; answers the connected account's id. */
export const connectXByPin = async (client: Client, handle: string): Promise<string> => {
  const start = await client.get('/api/x/auth/url');
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const { url, token } = start.body as { url: string; token: string };
  const { pin } = await consent(url, handle);
  const verified = await client.post('/api/x/auth/verify-pin', { token, pinCode: pin });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const accounts = (await client.get('/api/x/accounts')).body as { accounts: { id: string; username: string }[] };
  const account = accounts.accounts.find((a) => a.username === handle);
  expect(account).toBeDefined();
  return account!.id;
};

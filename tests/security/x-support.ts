/**
 * Driving the bundled X emulator's consent page as a person would, from whichever "browser" (a
 * Client) the test says: an X link handed from one browser to another is the attack these tests
 * replay.
 */
import type { Client } from '../api/support';

export { consent } from '../api/x.support';

/** Opens X's redirect back to Riposte (path and query of `location`) in `client`, as a navigation from X's site. */
export const openCallback = async (client: Client, location: string) => {
  const back = new URL(location);
  const res = await client.get(`${back.pathname}${back.search}`, { csrf: false, headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' } });
  return { status: res.status, redirect: res.headers.get('location') ?? '' };
};

export type XAccountsAnswer = { accounts: { id: string; username: string }[] };

export const xAccountsOf = async (client: Client) => ((await client.get('/api/x/accounts')).body as XAccountsAnswer).accounts;

export const signedInUser = async (client: Client) => ((await client.get('/api/auth/status')).body as { user: { id: string; username: string } | null }).user ?? null;

/**
 * The X OAuth requests in flight are bounded per address range (/24 for IPv4, /56 for IPv6), and
 * when all slots are taken the oldest request of the fullest range makes room: a flood of
 * anonymous sign-in starts from many addresses, each within the per-address rate, can neither
 * refuse a new visitor nor push out a visitor already on X's consent page.
 *
 * The store is made small here (60 slots, 10 per range) so the flood is short; the rule is the
 * same at the default 10,000 and 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../api/support';
import { consent, openCallback } from './x-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_TRUST_PROXY: '1', RIPOSTE_SCHEDULER: 'off' }, { pendingLimits: { perBinding: 5, perRange: 10, max: 60 } });
});
afterAll(async () => {
  await server?.close();
});

/** A sign-in with X started by a new browser at `address`. */
const startFrom = async (address: string): Promise<{ client: Client; status: number; url: string }> => {
  const client = server.client();
  const res = await client.get('/api/x/auth/login', { headers: { 'X-Forwarded-For': address } });
  return { client, status: res.status, url: (res.body as { url?: string }).url ?? '' };
};

const finish = async (start: { client: Client; url: string }, handle: string) => {
  const { location } = await consent(start.url, handle);
  return (await openCallback(start.client, location ?? '')).redirect;
};

describe('a flood of sign-in starts from many addresses', () => {
  it('leaves a slot for a new visitor, keeps a visitor mid-way, and bounds each range', async () => {
    const early = await startFrom('192.0.2.10');
    expect(early.status).toBe(200);

    // One /24, thirty addresses, two starts each: the range keeps its newest ten.
    const oneRange: { client: Client; url: string }[] = [];
    for (let i = 1; i <= 30; i += 1) {
      for (let k = 0; k < 2; k += 1) {
        const s = await startFrom(`198.51.100.${i}`);
        expect(s.status).toBe(200);
        oneRange.push(s);
      }
    }
    // Twelve more ranges, ten starts each (under the 20 per address per 10 minutes): 120 more
    // requests than the 60 slots.
    for (let r = 0; r < 12; r += 1) {
      for (let k = 0; k < 10; k += 1) {
        const s = await startFrom(`10.${r}.0.${k + 1}`);
        expect(s.status).toBe(200);
      }
    }

    const fresh = await startFrom('2001:db8:1:2::7');
    expect(fresh.status).toBe(200);
    expect(await finish(fresh, 'flood_fresh')).toBe('/x-auth-callback?auth_status=success&username=flood_fresh&new_user=1');
    expect(await finish(early, 'flood_early')).toBe('/x-auth-callback?auth_status=success&username=flood_early&new_user=1');
    // The flooded range's first request was pushed out by its own later ones.
    const [first] = oneRange;
    expect(first).toBeDefined();
    expect(await finish(first ?? early, 'flood_first')).toBe('/x-auth-callback?auth_status=error&code=expired');
  });
});

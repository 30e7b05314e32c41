/**
 * The emulator's filtered stream beyond the contract: the simulated accounts' generated posts are
 * pushed as the emulator's clock passes them (never replayed from before a rule named the account),
 * and a post made live for a simulated account is pushed once, not again as a generated one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXClient } from '@adapters/x-twitter';
import type { XFilteredStream, XStreamConnection, XStreamItem } from '@core/x';
import { startXEmulator, type XEmulator } from './index';

let emulator: XEmulator;
let stream: XFilteredStream;
let clock = Date.UTC(2026, 0, 14, 9, 0);
const startedAt = clock;

beforeAll(async () => {
  emulator = await startXEmulator({ seed: 3, clock: () => clock, streamHeartbeatMs: 100 });
  const client = createXClient({ consumerKey: emulator.app.consumerKey, consumerSecret: emulator.app.consumerSecret, apiBaseUrl: emulator.url, sandbox: true, timeoutMs: 5000 });
  if (!client.filteredStream) throw new Error('no filtered stream');
  stream = client.filteredStream;
});
afterAll(async () => emulator?.close());

describe('the emulator filtered stream', () => {
  it("pushes a simulated account's posts as its clock passes them, and a live post once", async () => {
    const naval = emulator.control.user('naval');
    if (!naval) throw new Error('no simulated account naval');
    const [rule] = (await stream.updateRules({ add: [{ value: `from:${naval.id}`, tag: 't' }] })).added;
    const items: XStreamItem[] = [];
    const connection: XStreamConnection = await stream.connect({ onItem: (i) => void items.push(i) });
    try {
      const until = Date.now() + 20_000;
      // The clock moves an hour at a time until the account has posted on the stream.
      while (items.length === 0) {
        if (Date.now() > until) throw new Error('no simulated post came down the stream');
        clock += 3_600_000;
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const item of items) {
        expect(item.post.authorId).toBe(naval.id);
        expect(item.matchingRules).toEqual([{ id: rule?.id, tag: 't' }]);
        expect(Date.parse(item.post.createdAt ?? '')).toBeGreaterThan(startedAt);
        expect(Date.parse(item.post.createdAt ?? '')).toBeLessThanOrEqual(clock);
      }
      expect(new Set(items.map((i) => i.post.id)).size).toBe(items.length);

      const live = emulator.control.post('naval', 'said live, pushed once');
      const seen = () => items.filter((i) => i.post.id === live.id).length;
      while (seen() === 0) await new Promise((r) => setTimeout(r, 20));
      // Past the next look for simulated posts: the live one is not pushed again.
      clock += 60_000;
      const count = items.length;
      while (items.length === count && Date.now() < until) {
        clock += 3_600_000;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen()).toBe(1);
    } finally {
      connection.close();
    }
  }, 40_000);
});

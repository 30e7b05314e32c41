/**
 * The filtered stream contract (core/x/stream.ts): rules added with their tags and ids, refused
 * when duplicated or too long, deleted by id; a connection that delivers heartbeats and the posts
 * matching a rule with the rule's id and tag, ends once with its reason, and is the app's only one
 * (a second is refused with 429). Run against the twitter-api-v2 adapter talking to the emulator
 * (x-stream.emulator.int.test.ts) and to X when credentials are given (x-stream.real.int.test.ts).
 *
 * Only the emulator lets the test post as the watched account, drop a connection or refuse one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isXError, type XFilteredStream, type XStreamConnection, type XStreamItem } from '@core/x';
import { streamFailureOf } from '@core/watching/stream-backoff';
import type { XEmulatorControl } from '@adapters/x-emulator';

export interface XStreamContractSubject {
  stream: XFilteredStream;
  /** An X user id and username whose posts a rule may match. */
  account: { id: string; username: string };
  /** Emulator only: post as the account, act as X. */
  emulator?: { control: XEmulatorControl; post(username: string, text: string): { id: string } };
  teardown(): Promise<void>;
}

const TAG = `contract:${Date.now().toString(36)}`;

/** Collects what a connection delivers, and waits for it. */
const collector = () => {
  const items: XStreamItem[] = [];
  let heartbeats = 0;
  const waitFor = async <T>(read: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    items,
    handlers: { onItem: (item: XStreamItem) => void items.push(item), onHeartbeat: () => void (heartbeats += 1) },
    heartbeats: () => heartbeats,
    waitFor,
  };
};

export const xStreamContract = (name: string, setup: () => Promise<XStreamContractSubject>) => {
  describe(`X filtered stream contract: ${name}`, () => {
    let subject: XStreamContractSubject;
    const made: string[] = [];
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      if (subject !== undefined && made.length > 0) await subject.stream.updateRules({ delete: made }).catch(() => undefined);
      await subject?.teardown();
    });

    it('adds a tagged rule with an id, lists it, refuses a duplicate and a rule over the length limit, deletes by id', async () => {
      const value = `from:${subject.account.id}`;
      const added = await subject.stream.updateRules({ add: [{ value, tag: TAG }] });
      expect(added.refused).toEqual([]);
      expect(added.added).toEqual([{ id: expect.stringMatching(/^\d+$/) as string, value, tag: TAG }]);
      const id = added.added[0]?.id as string;
      made.push(id);
      expect((await subject.stream.rules()).find((r) => r.id === id)).toEqual({ id, value, tag: TAG });

      const again = await subject.stream.updateRules({ add: [{ value, tag: TAG }] });
      expect(again.added).toEqual([]);
      expect(again.refused).toEqual([expect.objectContaining({ value, reason: expect.stringMatching(/Duplicate/i) as string })]);

      const long = Array.from({ length: 40 }, (_, i) => `from:${1_000_000_000_000_000_000n + BigInt(i)}`).join(' OR ').slice(0, subject.stream.maxRuleLength + 1);
      const tooLong = await subject.stream.updateRules({ add: [{ value: long, tag: TAG }] });
      expect(tooLong.added).toEqual([]);
      expect(tooLong.refused).toHaveLength(1);

      const deleted = await subject.stream.updateRules({ delete: [id] });
      expect(deleted.deleted).toBe(1);
      expect((await subject.stream.rules()).some((r) => r.id === id)).toBe(false);
      made.splice(made.indexOf(id), 1);
    });

    it('connects once per app: heartbeats, matching posts with their rules, a second connection refused with 429, close ends it', async () => {
      const [rule] = (await subject.stream.updateRules({ add: [{ value: `from:${subject.account.id}`, tag: TAG }] })).added;
      if (rule === undefined) throw new Error('no rule');
      made.push(rule.id);
      const seen = collector();
      const connection = await subject.stream.connect(seen.handlers);
      try {
        const second = await subject.stream.connect(collector().handlers).then(
          (c) => (c.close(), null),
          (error: unknown) => error,
        );
        expect(isXError(second) && streamFailureOf(second.outcome)).toBe('rate_limited');
        if (subject.emulator) {
          await seen.waitFor(() => (seen.heartbeats() > 0 ? true : undefined), 'a heartbeat');
          subject.emulator.post('contract_other', 'not watched');
          const post = subject.emulator.post(subject.account.username, 'watched, and streamed');
          const item = await seen.waitFor(() => seen.items.find((i) => i.post.id === post.id), 'the post on the stream');
          expect(item.post).toMatchObject({ id: post.id, authorId: subject.account.id, text: 'watched, and streamed' });
          expect(item.post.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
          expect(item.matchingRules).toEqual([{ id: rule.id, tag: TAG }]);
          expect(seen.items.map((i) => i.post.authorId)).toEqual([subject.account.id]);
        }
      } finally {
        connection.close();
      }
      expect(await connection.ended).toEqual({ reason: 'closed' });
    });

    it('ends a connection X drops, and refuses connections X refuses, told apart by kind (emulator)', async (ctx) => {
      const emulator = subject.emulator;
      if (!emulator) return ctx.skip();
      // The connection closed above is gone at X a moment later.
      await collector().waitFor(() => (emulator.control.stream.connections() === 0 ? true : undefined), 'no connection at X');
      const dropped: XStreamConnection = await subject.stream.connect(collector().handlers);
      await collector().waitFor(() => (emulator.control.stream.connections() === 1 ? true : undefined), 'the connection at X');
      expect(emulator.control.stream.drop()).toBe(1);
      expect(await dropped.ended).toMatchObject({ reason: 'dropped' });

      const refusedWith = async () => subject.stream.connect(collector().handlers).then((c) => (c.close(), null), (error: unknown) => error);
      emulator.control.inject({ kind: 'status', status: 503 }, { path: '/2/tweets/search/stream' });
      const unavailable = await refusedWith();
      expect(isXError(unavailable) && [unavailable.outcome.httpStatus, streamFailureOf(unavailable.outcome)]).toEqual([503, 'http']);
      emulator.control.inject({ kind: 'status', status: 429, headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 60) } }, { path: '/2/tweets/search/stream' });
      const limited = await refusedWith();
      expect(isXError(limited) && streamFailureOf(limited.outcome)).toBe('rate_limited');
      emulator.control.inject({ kind: 'drop' }, { path: '/2/tweets/search/stream' });
      const cut = await refusedWith();
      expect(isXError(cut) && streamFailureOf(cut.outcome)).toBe('network');

      // Silence past the stall time (no heartbeat) ends a connection too.
      const every = emulator.control.stream.heartbeatMs();
      emulator.control.stream.heartbeatMs(60_000);
      try {
        const silent = await subject.stream.connect(collector().handlers, { stallMs: 300 });
        expect(await silent.ended).toEqual({ reason: 'stalled' });
      } finally {
        emulator.control.stream.heartbeatMs(every);
      }
    });
  });
};

/**
 * The X contract's recent search: what the watcher's batched reads rely on (core/watching/batch.ts).
 * One account's search runs everywhere; the several-accounts search makes its own posts, so it
 * runs on the emulator only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchQuery, sightingOf } from '@core/watching';
import { isXError, type XPost } from '@core/x';
import { uniqueText, type XContractOptions, type XContractSubject } from './x.contract-helpers';

const newestFirst = (posts: readonly XPost[]) => {
  const ids = posts.map((p) => BigInt(p.id));
  expect([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(ids);
};

export const xSearchContract = (options: XContractOptions, subjectOf: () => XContractSubject) => {
  describe('recent search', () => {
    let subject: XContractSubject;
    beforeAll(() => {
      subject = subjectOf();
    });

    it("finds an account's recent original posts by its id, newest first, and only newer ones after since_id", async () => {
      const user = await subject.client.lookupUser(subject.knownAccount);
      const { posts } = await subject.client.searchRecent({ query: searchQuery([user!.id]), maxResults: 20 });
      expect(posts.length).toBeGreaterThan(0);
      for (const p of posts) {
        expect(p.authorId).toBe(user!.id);
        expect(p.references.filter((r) => r.type === 'replied_to' || r.type === 'retweeted')).toEqual([]);
        expect(p.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      }
      newestFirst(posts);
      const older = posts.at(-1)!;
      const newer = await subject.client.searchRecent({ query: searchQuery([user!.id]), sinceId: older.id, maxResults: 20 });
      expect(newer.posts.every((p) => BigInt(p.id) > BigInt(older.id))).toBe(true);
    });

    it.runIf(options.emulated)('reads several accounts in one query, without their replies, page after page (next_token), each split back by its own cursor', async () => {
      const control = subject.control!;
      const a = control.createUser(`srch_a_${Date.now().toString(36).slice(-6)}`);
      const b = control.createUser(`srch_b_${Date.now().toString(36).slice(-6)}`);
      const made: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const pa = control.post(a.username, uniqueText('a says'));
        made.push(pa.id, control.post(b.username, uniqueText('b says')).id);
        control.post(a.username, uniqueText('a answers'), { inReplyTo: pa.id });
      }
      const query = searchQuery([a.id, b.id]);
      const first = await subject.client.searchRecent({ query, maxResults: 10 });
      expect(first.posts).toHaveLength(10);
      expect(first.nextToken).toBeDefined();
      const second = await subject.client.searchRecent({ query, maxResults: 10, nextToken: first.nextToken! });
      expect(second.nextToken).toBeUndefined();
      const all = [...first.posts, ...second.posts];
      newestFirst(all);
      expect(all.map((p) => p.id).sort()).toEqual([...made].sort());

      // One since_id for both (the older cursor); each account keeps only what is newer than its own.
      const cursorA = made[4]!;
      const cursorB = made[7]!;
      const shared = await subject.client.searchRecent({ query, sinceId: cursorA, maxResults: 100 });
      expect(shared.posts.every((p) => BigInt(p.id) > BigInt(cursorA))).toBe(true);
      expect(sightingOf({ xUserId: a.id, sinceId: cursorA }, shared.posts).posts.map((p) => p.postId)).toEqual([made[10], made[8], made[6]]);
      expect(sightingOf({ xUserId: b.id, sinceId: cursorB }, shared.posts).posts.map((p) => p.postId)).toEqual([made[11], made[9]]);
    });

    it.runIf(options.emulated)('refuses a query longer than self-serve access allows', async () => {
      const error = await subject.client.searchRecent({ query: searchQuery(Array.from({ length: 30 }, (_, i) => `17000000000000000${String(i).padStart(2, '0')}`)) }).catch((e: unknown) => e);
      expect(isXError(error)).toBe(true);
      expect(isXError(error) && error.outcome.kind).not.toBe('rate_limited');
    });
  });
};

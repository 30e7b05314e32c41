import { describe, expect, it } from 'vitest';
import type { XPost } from '@core/x';
import { threadOf } from './ai-context';

const post = (id: string, text: string, more: Partial<XPost> = {}): XPost => ({ id, text, authorId: 'u', references: [], mentions: [], conversationId: id, ...more });
const posts = new Map([post('1', 'root'), post('2', 'parent', { conversationId: '1' }), post('9', 'quoted')].map((p) => [p.id, p]));
const x = { getPost: (id: string) => Promise.resolve(posts.get(id) ?? null) };

describe('the thread a post follows on from', () => {
  it("a reply: its conversation's first post, then the post it answers", async () => {
    expect(await threadOf(x, post('3', 'answer', { conversationId: '1', references: [{ type: 'replied_to', postId: '2' }] }))).toEqual(['root', 'parent']);
  });
  it('a reply to the first post: that post once; a quote: the quoted post; a gone post is left out', async () => {
    expect(await threadOf(x, post('4', 'answer', { conversationId: '1', references: [{ type: 'replied_to', postId: '1' }] }))).toEqual(['root']);
    expect(await threadOf(x, post('5', 'quote', { references: [{ type: 'quoted', postId: '9' }] }))).toEqual(['quoted']);
    expect(await threadOf(x, post('6', 'reply to a deleted post', { conversationId: '7', references: [{ type: 'replied_to', postId: '8' }] }))).toEqual([]);
  });
  it('a post that stands alone: nothing, and X is not asked', async () => {
    let asked = 0;
    expect(await threadOf({ getPost: () => (asked++, Promise.resolve(null)) }, post('10', 'alone'))).toEqual([]);
    expect(asked).toBe(0);
  });
});

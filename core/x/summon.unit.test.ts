import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canReplyDirectly, deliveryFor, findOwnReply, isSummoned, postUrl, replyIntentUrl, replySettingsAllow, type XPost } from '@core/x';

const me = { id: '900', username: 'Riposter' };
const post = (over: Partial<XPost> = {}): XPost => ({ id: '1', text: 'hello', authorId: '100', references: [], mentions: [], ...over });

describe('isSummoned (X 2026 reply rule)', () => {
  it('is true when the author mentions the replier, by name in any case or by id', () => {
    expect(isSummoned(post({ mentions: [{ username: 'riposter' }] }), me)).toBe(true);
    expect(isSummoned(post({ mentions: [{ username: 'renamed', userId: '900' }] }), me)).toBe(true);
  });
  it('is true when the author quotes a post of the replier, replies to it, or it is the replier own post', () => {
    expect(isSummoned(post({ references: [{ type: 'quoted', postId: '5', authorId: '900' }] }), me)).toBe(true);
    expect(isSummoned(post({ inReplyToUserId: '900' }), me)).toBe(true);
    expect(isSummoned(post({ authorId: '900' }), me)).toBe(true);
  });
  it('is false for a post that neither mentions nor quotes the replier', () => {
    expect(isSummoned(post({ mentions: [{ username: 'someone_else' }], references: [{ type: 'quoted', postId: '5', authorId: '7' }] }), me)).toBe(false);
    expect(isSummoned(post({ references: [{ type: 'retweeted', postId: '5', authorId: '900' }] }), me)).toBe(false);
  });
});

describe('canReplyDirectly', () => {
  it('self-serve access needs a summons; enterprise does not', () => {
    expect(canReplyDirectly(post(), me, 'self_serve')).toBe(false);
    expect(canReplyDirectly(post(), me, 'enterprise')).toBe(true);
    expect(canReplyDirectly(post({ mentions: [{ username: 'Riposter' }] }), me, 'self_serve')).toBe(true);
  });
  it('follows reply settings: mentionedUsers refuses the unmentioned, following is for X to say', () => {
    expect(replySettingsAllow(post({ replySettings: 'mentionedUsers' }), me)).toBe(false);
    expect(canReplyDirectly(post({ replySettings: 'mentionedUsers' }), me, 'enterprise')).toBe(false);
    expect(canReplyDirectly(post({ replySettings: 'following' }), me, 'enterprise')).toBe('unknown');
    expect(canReplyDirectly(post({ replySettings: 'following', mentions: [{ username: 'riposter' }] }), me, 'self_serve')).toBe(true);
  });
  it('never allows on self-serve what isSummoned refuses', () => {
    const settings = fc.constantFrom(undefined, 'everyone', 'mentionedUsers', 'following', 'subscribers', 'verified' as const);
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), settings, (mentioned, quoted, replySettings) => {
        const p = post({
          ...(replySettings ? { replySettings } : {}),
          mentions: mentioned ? [{ username: 'riposter' }] : [],
          references: quoted ? [{ type: 'quoted', postId: '2', authorId: '900' }] : [],
        });
        if (!isSummoned(p, me)) expect(canReplyDirectly(p, me, 'self_serve')).toBe(false);
      }),
    );
  });
});

describe('deliveryFor (RIPOSTE_X_DELIVERY applied to one post)', () => {
  const summoning = post({ mentions: [{ username: 'riposter' }] });
  it('auto: direct on enterprise access or a summoning post, assisted otherwise', () => {
    expect(deliveryFor('auto', post(), me, 'enterprise')).toBe('direct');
    expect(deliveryFor('auto', summoning, me, 'self_serve')).toBe('direct');
    expect(deliveryFor('auto', post(), me, 'self_serve')).toBe('assisted');
    expect(deliveryFor('auto', post({ replySettings: 'mentionedUsers' }), me, 'enterprise')).toBe('assisted');
  });
  it('auto tries directly what only X can decide (reply settings it cannot read)', () => {
    expect(deliveryFor('auto', post({ replySettings: 'following' }), me, 'enterprise')).toBe('direct');
  });
  it('direct and assisted are what they say, whatever the post', () => {
    for (const p of [post(), summoning]) {
      expect(deliveryFor('direct', p, me, 'self_serve')).toBe('direct');
      expect(deliveryFor('assisted', p, me, 'enterprise')).toBe('assisted');
    }
  });
});

describe('findOwnReply (reconciling an unknown outcome)', () => {
  const replyTo = (id: string, target: string, text: string) => post({ id, text, authorId: '900', references: [{ type: 'replied_to', postId: target }] });
  it('finds the reply to the target, preferring the same text', () => {
    const posts = [replyTo('11', 'T', 'other text'), replyTo('12', 'T', 'Great  point'), replyTo('13', 'U', 'Great point')];
    expect(findOwnReply(posts, { inReplyToPostId: 'T', text: 'Great point' })?.id).toBe('12');
    expect(findOwnReply(posts, { inReplyToPostId: 'T', text: 'changed by X' })?.id).toBe('11');
    expect(findOwnReply(posts, { inReplyToPostId: 'V' })).toBeUndefined();
  });
});

describe('links', () => {
  it('builds post links and reply intents on X or the emulator', () => {
    expect(postUrl('https://x.com', 'nasa', '123')).toBe('https://x.com/nasa/status/123');
    expect(replyIntentUrl('http://127.0.0.1:4000/', '123', 'Nice & true?')).toBe('http://127.0.0.1:4000/intent/post?in_reply_to=123&text=Nice%20%26%20true%3F');
  });
});

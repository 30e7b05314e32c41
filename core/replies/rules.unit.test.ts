import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weightedLength } from '@core/text/weighted';
import { findMentions } from '@core/text/mentions';
import { REPLY_MESSAGES } from './messages';
import { DEFAULT_HOURLY_CAP, hourlyCap, refundsTrialReply } from './rules/allowance';
import { chooseDelivery, chooseDeliveryFor, DELIVERY_REASONS } from './rules/delivery';
import { isOriginalPost, pickTargetPost } from './rules/target';
import { aiLengthFor, finalText, textSource, type TemplateForReply } from './rules/text';
import { DEFAULT_FRESHNESS_MS, DEFAULT_GRACE_MS, lateness, readyExpiry } from './rules/timing';
import { fold } from '@core/shared/decider';
import { replyDecider } from './decide';
import type { ReplyEvent } from './events';
import { at, E, post, T0 } from './testing/fixtures';

const HOUR = 3_600_000;
const ms = (iso: string) => Date.parse(iso);

describe('pickTargetPost', () => {
  const now = at(0);
  const fresh = (id: string, secondsAgo: number, o = {}) => post({ id, createdAt: at(-secondsAgo), ...o });

  it('given recent posts, picks the latest original one not yet answered', () => {
    const posts = [
      fresh('10', 600),
      fresh('11', 60, { references: [{ type: 'replied_to', postId: '5' }], inReplyToUserId: '9' }),
      fresh('12', 30, { references: [{ type: 'retweeted', postId: '6' }] }),
      fresh('13', 120),
      fresh('14', 10, { text: 'RT @someone: copied' }),
      fresh('15', 20),
    ];
    expect(pickTargetPost(posts, { now, repliedPostIds: ['15'] })).toEqual({ post: posts[3] });
    expect(pickTargetPost(posts, { now })).toEqual({ post: posts[5] });
  });

  it("given no original post inside the window, skips with 'No recent post from @name'", () => {
    const old = [fresh('1', DEFAULT_FRESHNESS_MS / 1000 + 1)];
    expect(pickTargetPost(old, { now, targetUsername: 'naval' })).toEqual({ skip: 'No recent post from @naval' });
    expect(pickTargetPost([fresh('2', 5)], { now, repliedPostIds: new Set(['2']), targetUsername: 'naval' })).toEqual({ skip: REPLY_MESSAGES.noRecentPost('naval') });
  });

  it('ignores posts by another author and posts from the future; a quote is an original post', () => {
    expect(pickTargetPost([fresh('1', 5, { authorId: '222' })], { now, authorId: '111' })).toHaveProperty('skip');
    expect(pickTargetPost([post({ id: '1', createdAt: at(60) })], { now })).toHaveProperty('skip');
    expect(isOriginalPost(post({ id: '1', createdAt: now, references: [{ type: 'quoted', postId: '2' }] }))).toBe(true);
  });

  it('property: the pick is original, fresh, unanswered, and no eligible post is newer', () => {
    const postArb = fc.record({
      id: fc.bigInt({ min: 1n, max: 10n ** 19n }).map(String),
      ago: fc.integer({ min: -3_600, max: 200_000 }),
      kind: fc.constantFrom('original', 'reply', 'repost'),
    });
    fc.assert(
      fc.property(fc.array(postArb, { maxLength: 20 }), fc.array(fc.nat(20)), (specs, repliedIdx) => {
        const posts = specs.map((s) =>
          post({
            id: s.id,
            createdAt: at(-s.ago),
            references: s.kind === 'reply' ? [{ type: 'replied_to', postId: '1' }] : s.kind === 'repost' ? [{ type: 'retweeted', postId: '1' }] : [],
          }),
        );
        const replied = new Set(repliedIdx.flatMap((i) => (posts[i] ? [posts[i].id] : [])));
        const eligible = posts.filter((p) => isOriginalPost(p) && !replied.has(p.id) && ms(p.createdAt!) <= ms(now) && ms(p.createdAt!) >= ms(now) - DEFAULT_FRESHNESS_MS);
        const pick = pickTargetPost(posts, { now, repliedPostIds: replied });
        if (eligible.length === 0) {
          expect(pick).toHaveProperty('skip');
          return;
        }
        if (!('post' in pick)) throw new Error('expected a pick');
        expect(eligible).toContain(pick.post);
        for (const p of eligible) expect(ms(p.createdAt!)).toBeLessThanOrEqual(ms(pick.post.createdAt!));
      }),
    );
  });
});

describe('lateness', () => {
  it('given a run inside the grace, it goes out; beyond it, it is skipped as missed while offline', () => {
    expect(lateness(T0, at(60))).toEqual({ late: false, byMs: 60_000 });
    expect(lateness(T0, at(DEFAULT_GRACE_MS / 1000 + 1))).toEqual({ late: true, byMs: DEFAULT_GRACE_MS + 1000, reason: 'Missed while Riposte was offline' });
    expect(DEFAULT_GRACE_MS).toBe(15 * 60_000);
  });

  it('property: late exactly when now − slot exceeds the grace; never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * HOUR, max: 10 * HOUR }), fc.integer({ min: 0, max: 2 * HOUR }), (delta, grace) => {
        const result = lateness(ms(T0), ms(T0) + delta, grace);
        expect(result.late).toBe(delta > grace);
        expect(result.byMs).toBe(Math.max(0, delta));
      }),
    );
  });

  it('a ready reply expires at the end of the post’s freshness window', () => {
    expect(readyExpiry(T0)).toBe(at(86_400));
  });
});

describe('chooseDelivery', () => {
  it('follows the setting; auto is direct on enterprise access or a summoning post, else assisted, with a reason', () => {
    expect(chooseDelivery({ setting: 'direct', access: 'self_serve', summoned: false })).toEqual({ mode: 'direct', reason: DELIVERY_REASONS.directSetting });
    expect(chooseDelivery({ setting: 'assisted', access: 'enterprise', summoned: true })).toEqual({ mode: 'assisted', reason: DELIVERY_REASONS.assistedSetting });
    expect(chooseDelivery({ setting: 'auto', access: 'enterprise', summoned: 'unknown' })).toEqual({ mode: 'direct', reason: DELIVERY_REASONS.enterprise });
    expect(chooseDelivery({ setting: 'auto', access: 'self_serve', summoned: true })).toEqual({ mode: 'direct', reason: DELIVERY_REASONS.summoned });
    expect(chooseDelivery({ setting: 'auto', access: 'self_serve', summoned: 'unknown' }).mode).toBe('direct');
    expect(chooseDelivery({ setting: 'auto', access: 'self_serve', summoned: false })).toEqual({ mode: 'assisted', reason: DELIVERY_REASONS.notSummoned });
  });

  it('for one post: a mention of the replier makes auto direct on self-serve access', () => {
    const replier = { id: '999', username: 'me' };
    const plain = post({ id: '1', createdAt: T0 });
    expect(chooseDeliveryFor('auto', 'self_serve', plain, replier).mode).toBe('assisted');
    expect(chooseDeliveryFor('auto', 'self_serve', { ...plain, mentions: [{ username: 'me', userId: '999' }] }, replier).mode).toBe('direct');
  });
});

describe('finalText', () => {
  it('strips mentions and keeps a text that fits', () => {
    expect(finalText('Thanks @alice, great point', { xPremium: false })).toEqual({ ok: true, text: 'Thanks, great point', truncated: false, mentionsRemoved: ['@alice'] });
  });

  it('cuts to 280 weighted characters (25,000 with Premium) rather than refusing, and says so', () => {
    const long = 'This is a sentence. '.repeat(40);
    const standard = finalText(long, { xPremium: false });
    expect(standard.ok && standard.truncated && weightedLength(standard.text) <= 280).toBe(true);
    expect(finalText(long, { xPremium: true })).toMatchObject({ ok: true, truncated: false });
  });

  it('refuses a text left empty by stripping', () => {
    expect(finalText('@alice @bob', { xPremium: false })).toEqual({ ok: false, status: 'invalid_content', reason: REPLY_MESSAGES.emptyText });
  });

  it('property: the result has no mention and fits the account’s limit', () => {
    const piece = fc.constantFrom('word ', '@name ', '語', '👍 ', '. ', 'https://x.com/p ', '\n', 'e@mail.com ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 150 }), fc.boolean(), (parts, xPremium) => {
        const out = finalText(parts.join(''), { xPremium });
        if (!out.ok) return;
        expect(findMentions(out.text)).toEqual([]);
        expect(weightedLength(out.text)).toBeLessThanOrEqual(xPremium ? 25_000 : 280);
      }),
      { numRuns: 200 },
    );
  });
});

describe('textSource', () => {
  const tpl = (o: Partial<TemplateForReply> = {}): TemplateForReply => ({ content: 'Template text', isActive: true, useAI: false, viralStyle: 'hot_take', imageUrl: null, ...o });
  const templatesById = new Map<string, TemplateForReply>([
    ['t1', tpl({ content: 'One' })],
    ['t2', tpl({ content: 'Two', isActive: false })],
    ['t3', tpl({ content: 'Three', useAI: true, imageUrl: '/uploads/a.png' })],
  ]);
  const lookups = { templatesById, groupTemplateIds: (id: string) => (id === 'g1' ? ['t1', 't2', 't3'] : null) };

  it('gives fixed text, a template (AI when the template says so) or an AI source as they are', () => {
    expect(textSource({ content: { kind: 'text', text: 'Hi' }, lastTemplateIndex: 0 }, lookups)).toMatchObject({ kind: 'fixed', text: 'Hi', templateId: null });
    expect(textSource({ content: { kind: 'template', templateId: 't3' }, lastTemplateIndex: 0 }, lookups)).toMatchObject({
      kind: 'ai',
      text: 'Three',
      style: 'hot_take',
      templateId: 't3',
      templateImageUrl: '/uploads/a.png',
    });
    expect(textSource({ content: { kind: 'ai', style: 'savage_comeback', baseText: null }, lastTemplateIndex: 0 }, lookups)).toMatchObject({ kind: 'ai', text: null, style: 'savage_comeback' });
  });

  it('lets the AI write up to the template’s cap, never more than the account may post', () => {
    const capped = new Map([['t4', tpl({ content: 'Four', useAI: true, aiMaxLength: 1200 })]]);
    const plan = textSource({ content: { kind: 'template', templateId: 't4' }, lastTemplateIndex: 0 }, { templatesById: capped, groupTemplateIds: () => null });
    expect(plan).toMatchObject({ kind: 'ai', aiMaxLength: 1200 });
    if (plan.kind === 'none') throw new Error('expected a plan');
    expect(aiLengthFor(plan, true)).toBe(1200);
    expect(aiLengthFor(plan, false)).toBe(280);
    // No cap given (fixed text, the schedule's own AI source): X's standard 280, Premium or not.
    expect(aiLengthFor({ aiMaxLength: null }, true)).toBe(280);
    expect(aiLengthFor({}, false)).toBe(280);
  });

  it('rotates a group from the schedule’s cursor, skipping inactive templates, and returns the next cursor', () => {
    expect(textSource({ content: { kind: 'template_group', templateGroupId: 'g1' }, lastTemplateIndex: 1 }, lookups)).toMatchObject({ templateId: 't3', nextTemplateIndex: 0 });
    expect(textSource({ content: { kind: 'template_group', templateGroupId: 'g1' }, lastTemplateIndex: 0 }, lookups)).toMatchObject({ templateId: 't1', nextTemplateIndex: 1 });
  });

  it('ends the run with a reason when the template or the group has nothing to give', () => {
    expect(textSource({ content: { kind: 'template', templateId: 't2' }, lastTemplateIndex: 0 }, lookups)).toEqual({ kind: 'none', reason: REPLY_MESSAGES.templateUnavailable });
    expect(textSource({ content: { kind: 'template_group', templateGroupId: 'gone' }, lastTemplateIndex: 0 }, lookups)).toEqual({ kind: 'none', reason: REPLY_MESSAGES.noTemplateInGroup });
  });
});

describe('hourlyCap', () => {
  it('allows under the cap and holds the reply until the oldest send of the hour is an hour old', () => {
    const sends = Array.from({ length: DEFAULT_HOURLY_CAP }, (_, i) => ms(T0) + i * 1000);
    const now = ms(T0) + 60_000;
    expect(hourlyCap(sends.slice(1), now)).toEqual({ allowed: true, remaining: 1 });
    expect(hourlyCap(sends, now)).toEqual({ allowed: false, retryAt: at(3_600), reason: REPLY_MESSAGES.hourlyCap(50) });
  });

  it('property: allowed exactly when fewer than cap sends fall in the last hour; at retryAt one more fits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 * HOUR }), { maxLength: 80 }), fc.integer({ min: 1, max: 60 }), (offsets, cap) => {
        const now = ms(T0) + 2 * HOUR;
        const sends = offsets.map((o) => ms(T0) + o);
        const inHour = sends.filter((t) => t > now - HOUR && t <= now).length;
        const check = hourlyCap(sends, now, cap);
        expect(check.allowed).toBe(inHour < cap);
        if (!check.allowed) {
          expect(ms(check.retryAt)).toBeGreaterThan(now);
          expect(hourlyCap(sends, ms(check.retryAt), cap).allowed).toBe(true);
        }
      }),
    );
  });
});

describe('refundsTrialReply', () => {
  it('refunds a reply that surely did not go out, never a sent or unconfirmed one', () => {
    const s = (...events: ReplyEvent[]) => fold(replyDecider, events);
    expect(refundsTrialReply(s(E.prepared(), E.failed('rejected')))).toBe(true);
    expect(refundsTrialReply(s(E.prepared({ mode: 'assisted' }), E.ready(), E.expired()))).toBe(true);
    expect(refundsTrialReply(s(E.prepared({ mode: 'assisted' }), E.ready(), E.skipped()))).toBe(true);
    expect(refundsTrialReply(s(E.prepared(), E.sending(), E.sent()))).toBe(false);
    expect(refundsTrialReply(s(E.prepared(), E.sending(), E.unconfirmed()))).toBe(false);
    expect(refundsTrialReply(s(E.prepared(), E.sending()))).toBe(false);
  });
});

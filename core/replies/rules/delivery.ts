/**
 * Direct or assisted (design.md, "Delivery of replies, and X's rules since 2026"): the
 * installation's setting (RIPOSTE_X_DELIVERY) and API access (RIPOSTE_X_ACCESS), and for `auto`
 * whether the target post summoned the connected account (core/x/summon.ts canReplyDirectly).
 */
import { canReplyDirectly, type XApiAccess, type XDeliveryMode, type XPost, type XReplier } from '@core/x';
import type { DeliveryMode } from '../model';

export interface DeliveryChoice {
  mode: DeliveryMode;
  /** Why, in plain words, shown with the reply. */
  reason: string;
}

export const DELIVERY_REASONS = {
  directSetting: 'Direct delivery is set for this installation',
  assistedSetting: 'Assisted delivery is set for this installation',
  enterprise: 'Enterprise API access may reply to any post',
  summoned: 'The author mentioned or quoted this account, so X accepts the reply from the API',
  unknown: 'Only X can tell whether it accepts this reply; a refusal hands it to you to post',
  notSummoned: 'X accepts API replies only where the author mentioned or quoted the account; you post this one on X',
  limitedReplies: 'The author limited who can reply; you post this one on X',
} as const;

/**
 * `summoned` is what canReplyDirectly answers for the access in use: true, false (X will refuse:
 * not summoned on self-serve access, or the author's reply settings) or 'unknown' (only X can
 * tell: try direct, a 403 falls back to assisted). Same choice as core/x deliveryFor, with a reason.
 */
export const chooseDelivery = (input: { setting: XDeliveryMode; access: XApiAccess; summoned: boolean | 'unknown' }): DeliveryChoice => {
  if (input.setting === 'direct') return { mode: 'direct', reason: DELIVERY_REASONS.directSetting };
  if (input.setting === 'assisted') return { mode: 'assisted', reason: DELIVERY_REASONS.assistedSetting };
  if (input.summoned === false) {
    return { mode: 'assisted', reason: input.access === 'enterprise' ? DELIVERY_REASONS.limitedReplies : DELIVERY_REASONS.notSummoned };
  }
  if (input.access === 'enterprise') return { mode: 'direct', reason: DELIVERY_REASONS.enterprise };
  if (input.summoned === true) return { mode: 'direct', reason: DELIVERY_REASONS.summoned };
  return { mode: 'direct', reason: DELIVERY_REASONS.unknown };
};

/** chooseDelivery for one post and one replying account. */
export const chooseDeliveryFor = (setting: XDeliveryMode, access: XApiAccess, post: XPost, replier: XReplier): DeliveryChoice =>
  chooseDelivery({ setting, access, summoned: setting === 'auto' ? canReplyDirectly(post, replier, access) : 'unknown' });

/** Which replies go out by themselves on this installation: every one, some, or none. */
export type DeliveryReach = 'all' | 'some' | 'none';

export interface DeliveryPromise {
  reach: DeliveryReach;
  /** The one sentence every page says about delivery; true of chooseDelivery for this installation. */
  sentence: string;
}

export const DELIVERY_SENTENCES = {
  all: 'Replies go out on X by themselves at their time.',
  summoned: 'Replies to posts that mention or quote your account go out by themselves; the others wait in Ready to send for one tap on Post.',
  limited: 'Replies go out by themselves, except to posts whose author limited who can reply: those wait in Ready to send for one tap on Post.',
  none: 'At their time, replies wait in Ready to send, written and ready: one tap on Post sends each on X.',
} as const;

/**
 * What the installation can promise about delivery, derived from chooseDelivery itself over every
 * answer X's summon rule can give (summoned, not summoned, unknown), so no page claims more than
 * the dispatcher does.
 */
export const deliveryPromise = (setting: XDeliveryMode, access: XApiAccess): DeliveryPromise => {
  const direct = ([true, false, 'unknown'] as const).filter((summoned) => chooseDelivery({ setting, access, summoned }).mode === 'direct');
  if (direct.length === 3) return { reach: 'all', sentence: DELIVERY_SENTENCES.all };
  if (direct.length === 0) return { reach: 'none', sentence: DELIVERY_SENTENCES.none };
  return { reach: 'some', sentence: access === 'enterprise' ? DELIVERY_SENTENCES.limited : DELIVERY_SENTENCES.summoned };
};

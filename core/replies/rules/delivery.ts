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

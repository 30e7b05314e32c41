/**
 * Tier and trial rules (spec part 1 §2 'Tier badge', §3, §4 'Tier', §9). Pure: `now` is an
 * argument. The tier follows the clock on its own: a trial is over after 7 days even before the
 * TrialEnded event is recorded, and premium ends at its end date even before PremiumEnded.
 */
import { TRIAL_DAYS } from './constants';
import type { User } from './state';
import { addDays, toMillis, type Instant } from './time';

export const TIERS = ['premium', 'admin', 'legacy', 'trial', 'expired'] as const;
export type Tier = (typeof TIERS)[number];

/** Configuration, from the environment: usernames that get legacy access without the role. */
export interface TierConfig {
  legacyUsernames: readonly string[];
}

export type TierFacts = Pick<
  User,
  'username' | 'role' | 'isPremium' | 'subscriptionEndDate' | 'trialActive' | 'repliesRemaining' | 'createdAt'
>;

export const trialEndsAt = (user: Pick<User, 'createdAt'>): Instant => addDays(user.createdAt, TRIAL_DAYS);

/** Premium with no end date, or before its end date. */
export const isPremiumAt = (user: Pick<User, 'isPremium' | 'subscriptionEndDate'>, now: Date | Instant): boolean =>
  user.isPremium && (user.subscriptionEndDate === null || toMillis(now) < toMillis(user.subscriptionEndDate));

/** The trial lasts 7 days from sign-up or 25 replies, whichever ends first. */
export const isTrialActive = (
  user: Pick<User, 'trialActive' | 'repliesRemaining' | 'createdAt'>,
  now: Date | Instant,
): boolean => user.trialActive && user.repliesRemaining > 0 && toMillis(now) < toMillis(trialEndsAt(user));

export const isLegacy = (user: Pick<User, 'role' | 'username'>, config: TierConfig): boolean => {
  if (user.role === 'legacy') return true;
  const name = user.username.trim().toLowerCase();
  return config.legacyUsernames.some((u) => u.trim().toLowerCase() === name);
};

/** Precedence: premium, admin, legacy, trial active, trial expired. */
export const deriveTier = (user: TierFacts, now: Date | Instant, config: TierConfig): Tier => {
  if (isPremiumAt(user, now)) return 'premium';
  if (user.role === 'admin') return 'admin';
  if (isLegacy(user, config)) return 'legacy';
  if (isTrialActive(user, now)) return 'trial';
  return 'expired';
};

/** Tiers whose replies are not counted against the trial allowance. */
export const isUnlimitedTier = (tier: Tier): boolean => tier === 'premium' || tier === 'admin' || tier === 'legacy';

/** May this user send (or schedule) a reply now? A deactivated account may not. */
export const canUseReplies = (user: TierFacts & Pick<User, 'isActive'>, now: Date | Instant, config: TierConfig): boolean =>
  user.isActive && deriveTier(user, now, config) !== 'expired';

/** GET /api/user/trial-status (spec part 1 §3), plus when the trial ends. */
export interface TrialStatus {
  isPremium: boolean;
  trialActive: boolean;
  repliesRemaining: number;
  subscriptionEndDate: Instant | null;
  trialEndsAt: Instant;
}

export const trialStatus = (
  user: Pick<User, 'isPremium' | 'subscriptionEndDate' | 'trialActive' | 'repliesRemaining' | 'createdAt'>,
  now: Date | Instant,
): TrialStatus => {
  const active = isTrialActive(user, now);
  return {
    isPremium: isPremiumAt(user, now),
    trialActive: active,
    // Once the trial is over by time, no trial reply is left to use (spec: 'Trial expired: all 25 used').
    repliesRemaining: active ? user.repliesRemaining : 0,
    subscriptionEndDate: user.subscriptionEndDate,
    trialEndsAt: trialEndsAt(user),
  };
};

/** The spec's trial-status default while nothing is loaded: not premium, trial inactive, 0 left. */
export const TRIAL_STATUS_UNKNOWN: Omit<TrialStatus, 'trialEndsAt'> = {
  isPremium: false,
  trialActive: false,
  repliesRemaining: 0,
  subscriptionEndDate: null,
};

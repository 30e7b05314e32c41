/**
 * The free trial's allowance, counted on X (ADR 0047): a reply uses one of the 25 when it reaches
 * X (sent through the API, or posted by the user from the ready queue and seen there), never when
 * it is prepared. One rule for the dispatcher (may this reply go out now?), the pages (how many
 * are prepared, posted and left) and the composers and the CLI (how many of a batch would not go
 * out). Pure: `now` is an argument.
 */
import { TRIAL_REPLIES } from './constants';
import { isUnlimitedTier, deriveTier, trialEndsAt, type Tier, type TierConfig, type TierFacts } from './tier';
import { toMillis, type Instant } from './time';

/**
 * - unlimited: Premium, admin or legacy: nothing is counted;
 * - open: inside the 7 days with replies left;
 * - used: inside the 7 days, all 25 on X: further replies wait (held), they are not refused;
 * - over: the 7 days are over (or the trial was closed): replies are refused.
 */
export type TrialState = 'unlimited' | 'open' | 'used' | 'over';

export interface TrialQuota {
  state: TrialState;
  allowance: number;
  /** Replies counted: on X, or being posted through the API right now. */
  posted: number;
  /** Replies prepared that are not on X yet (waiting for their time, held, or ready for the user). */
  prepared: number;
  left: number;
  endsAt: Instant;
}

export const TRIAL_QUOTA_MESSAGES = {
  used: `You've used your ${TRIAL_REPLIES} trial replies`,
  over: 'Trial expired',
  /** The reason shown with a reply held because the allowance is full. */
  held: `You've used your ${TRIAL_REPLIES} trial replies: this reply waits, and goes out if you upgrade to Premium or a trial reply comes back`,
  refused: 'Free trial ended',
} as const;

type QuotaFacts = TierFacts & { trialActive: boolean };

export const trialStateOf = (user: QuotaFacts, now: Date | Instant, config: TierConfig): TrialState => {
  const tier = deriveTier(user, now, config);
  if (isUnlimitedTier(tier)) return 'unlimited';
  if (tier === 'trial') return 'open';
  // Not active: by its days, or closed by its last reply inside them (reopened by a refund).
  const inside = toMillis(now) < toMillis(trialEndsAt(user));
  return inside && user.repliesRemaining <= 0 ? 'used' : 'over';
};

/**
 * The same state from what the API answers of a user (its tier, already derived on the server,
 * and when the trial ends): a tier 'expired' inside the 7 days is a trial whose 25 are on X.
 */
export const trialStateOfTier = (tier: Tier, trialEnds: Instant, now: Date | Instant): TrialState => {
  if (isUnlimitedTier(tier)) return 'unlimited';
  if (tier === 'trial') return 'open';
  return toMillis(now) < toMillis(trialEnds) ? 'used' : 'over';
};

/** `prepared`: the user's replies prepared and not on X yet (read model). */
export const trialQuota = (user: QuotaFacts, now: Date | Instant, config: TierConfig, prepared: number): TrialQuota => {
  const state = trialStateOf(user, now, config);
  const left = state === 'open' ? Math.max(0, user.repliesRemaining) : 0;
  const posted = TRIAL_REPLIES - Math.max(0, Math.min(TRIAL_REPLIES, user.repliesRemaining));
  return { state, allowance: TRIAL_REPLIES, posted, prepared: Math.max(0, prepared), left, endsAt: trialEndsAt(user) };
};

/** "3 prepared, 20 posted, 5 left". */
export const quotaSummary = (q: Pick<TrialQuota, 'prepared' | 'posted' | 'left'>): string => `${q.prepared} prepared, ${q.posted} posted, ${q.left} left`;

/** The trial's headline: what the trial-status page and the badge say once it is not open. */
export const trialHeadline = (state: TrialState): string | null =>
  state === 'used' ? TRIAL_QUOTA_MESSAGES.used : state === 'over' ? TRIAL_QUOTA_MESSAGES.over : null;

export type ReachXDecision = { kind: 'go' } | { kind: 'hold'; reason: string } | { kind: 'refuse'; reason: string };

/**
 * May a reply reach X now (the dispatcher asks before a POST and before handing a reply to the
 * user)? A full allowance holds the reply; only the end of the 7 days refuses it.
 */
export const mayReachX = (user: QuotaFacts, now: Date | Instant, config: TierConfig): ReachXDecision => {
  switch (trialStateOf(user, now, config)) {
    case 'unlimited':
    case 'open':
      return { kind: 'go' };
    case 'used':
      return { kind: 'hold', reason: TRIAL_QUOTA_MESSAGES.held };
    case 'over':
      return { kind: 'refuse', reason: TRIAL_QUOTA_MESSAGES.refused };
  }
};

/**
 * Of `count` new replies, how many would not go out on the trial: those past what is left once
 * the replies ahead of them (`ahead`: prepared, and runs already scheduled inside the trial) have
 * had their turn. 0 when nothing is counted; all of them once the trial is over.
 */
export const beyondAllowance = (q: Pick<TrialQuota, 'state' | 'left'>, ahead: number, count: number): number => {
  if (q.state === 'unlimited' || count <= 0) return 0;
  const room = Math.max(0, q.left - Math.max(0, ahead));
  return Math.max(0, count - room);
};

/** The composers' warning before scheduling past the allowance; null when all go out. */
export const beyondAllowanceWarning = (beyond: number, count: number): string | null => {
  if (beyond <= 0) return null;
  if (count === 1) return `This reply won't go out on the trial: your ${TRIAL_REPLIES} trial replies are taken. It waits until you upgrade to Premium.`;
  if (beyond >= count) return `None of these ${count} will go out on the trial: your ${TRIAL_REPLIES} trial replies are taken. They wait until you upgrade to Premium.`;
  return `${beyond} of these won't go out on the trial (${TRIAL_REPLIES} replies): ${beyond === 1 ? 'it waits' : 'they wait'} until you upgrade to Premium.`;
};

/**
 * Who may schedule: everyone whose trial is not over may create schedules (once the 25 trial
 * replies are on X, new replies wait: core/users/quota); a user whose 7 days are over is refused with a clear message and still reads their list; bulk
 * scheduling is for Premium, admins and legacy users, not the trial. Pure: the tier comes from
 * core/users with `now` as an argument.
 */
import { AppError } from '@core/shared/errors';
import { trialStateOf } from '@core/users/quota';
import { deriveTier, type Tier, type TierConfig, type TierFacts } from '@core/users/tier';

export const SCHEDULING_ACCESS_MESSAGES = {
  trialOver: 'Your free trial has ended. Upgrade to Premium to schedule new replies; your existing schedules stay visible.',
  bulkNeedsPremium: 'Bulk scheduling is a Premium feature. Upgrade to Premium to schedule many replies at once.',
} as const;

/** Tiers that may use the Bulk Replies page. */
export const mayBulkSchedule = (tier: Tier): boolean => tier === 'premium' || tier === 'admin' || tier === 'legacy';

/** Refuses (402) a user who may not create a schedule now; `bulk` for the bulk calls. */
export const requireMaySchedule = (user: TierFacts, now: Date | string, config: TierConfig, options: { bulk?: boolean } = {}): Tier => {
  const tier = deriveTier(user, now, config);
  // All 25 on X inside the 7 days: a new schedule is taken, its replies wait (core/users/quota).
  if (trialStateOf(user, now, config) === 'over') throw new AppError('payment_required', SCHEDULING_ACCESS_MESSAGES.trialOver, { reason: 'TRIAL_EXPIRED' });
  if (options.bulk === true && !mayBulkSchedule(tier))
    throw new AppError('payment_required', SCHEDULING_ACCESS_MESSAGES.bulkNeedsPremium, { reason: 'BULK_REQUIRES_PREMIUM' });
  return tier;
};

/** The most schedules one user may keep, per plan (RIPOSTE_SCHEDULE_CAP_*; admins count as Premium). */
export interface ScheduleCaps {
  trial: number;
  premium: number;
  legacy: number;
}

export const DEFAULT_SCHEDULE_CAPS: ScheduleCaps = { trial: 100, premium: 2000, legacy: 2000 };

const PLAN_NAMES = { trial: 'Trial', premium: 'Premium', legacy: 'Legacy' } as const;

const planOf = (tier: Tier): keyof ScheduleCaps => (tier === 'trial' || tier === 'expired' ? 'trial' : tier === 'legacy' ? 'legacy' : 'premium');

/** The largest cap of any plan: a list answer of that many holds every user's schedules. */
export const largestScheduleCap = (caps: ScheduleCaps): number => Math.max(caps.trial, caps.premium, caps.legacy);

export const scheduleCapMessage = (tier: Tier, caps: ScheduleCaps): string => {
  const plan = planOf(tier);
  const reached = `You've reached the maximum limit of ${caps[plan]} schedules on the ${PLAN_NAMES[plan]} plan.`;
  return plan === 'trial'
    ? `${reached} Upgrade to Premium to schedule more, or delete schedules you no longer need.`
    : `${reached} Delete schedules you no longer need to add more.`;
};

/**
 * Refuses adding `adding` schedules to the `existing` ones past the plan's cap: 402 on the trial
 * (Premium raises it), 409 otherwise. Nothing is written when refused.
 */
export const requireScheduleRoom = (tier: Tier, existing: number, adding: number, caps: ScheduleCaps): void => {
  if (existing + adding <= caps[planOf(tier)]) return;
  throw new AppError(planOf(tier) === 'trial' ? 'payment_required' : 'conflict', scheduleCapMessage(tier, caps), { reason: 'SCHEDULE_LIMIT_REACHED' });
};

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

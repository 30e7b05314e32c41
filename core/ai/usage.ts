/**
 * The AI provider's limits: every writing asked of a model (not of the offline writer) is counted
 * on its user's stream of the day (`ai-usage-<userId>-<YYYY-MM-DD>`, UTC) before the model is
 * asked, so a user's daily limit holds exactly across every server and scheduler (the append's
 * expected revision). The installation's monthly total comes from the read model and is passed in:
 * calls in flight at the same moment in other processes may pass it by as many as run at once.
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';

export const AI_USAGE_STREAM_PREFIX = 'ai-usage-';

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDayOf = (instant: string): string => instant.slice(0, 10);
/** The UTC month of a day or an instant, YYYY-MM. */
export const utcMonthOf = (instant: string): string => instant.slice(0, 7);

export const aiUsageStream = (userId: string, day: string): string => `${AI_USAGE_STREAM_PREFIX}${userId}-${day}`;

export type AiUsageCommand = {
  type: 'CountAiWriting';
  userId: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  userDailyLimit: number | null;
  installationMonthlyLimit: number | null;
  /** Writings of the installation counted so far this month (the read model's). */
  monthTotal: number;
};

export type AiUsageEvent = { type: 'AiWritingCounted'; data: { userId: string; day: string; count: number } };

export const AI_USAGE_EVENT_TYPES = ['AiWritingCounted'] as const satisfies readonly AiUsageEvent['type'][];

export interface AiUsageState {
  count: number;
}

export const AI_USAGE_MESSAGES = {
  userDaily: (limit: number) => `You have used today's ${limit} AI writings (the limit an admin set per user and day); more from midnight UTC`,
  monthly: (limit: number) => `This installation has used its ${limit} AI writings for the month (the limit an admin set); more from the 1st (UTC)`,
} as const;

/** The AI limit reasons a writing may be refused with (AppError reason). */
export const AI_LIMIT_REASONS = ['AI_USER_DAILY_LIMIT', 'AI_MONTHLY_LIMIT'] as const;

export const isAiLimitReason = (reason: string | undefined): boolean => reason !== undefined && (AI_LIMIT_REASONS as readonly string[]).includes(reason);

export const aiUsageDecider: Decider<AiUsageCommand, AiUsageEvent, AiUsageState> = {
  initialState: () => ({ count: 0 }),
  decide: (command, state) => {
    switch (command.type) {
      case 'CountAiWriting': {
        if (command.userDailyLimit !== null && state.count >= command.userDailyLimit) {
          throw new AppError('rate_limited', AI_USAGE_MESSAGES.userDaily(command.userDailyLimit), { reason: 'AI_USER_DAILY_LIMIT' });
        }
        if (command.installationMonthlyLimit !== null && command.monthTotal >= command.installationMonthlyLimit) {
          throw new AppError('rate_limited', AI_USAGE_MESSAGES.monthly(command.installationMonthlyLimit), { reason: 'AI_MONTHLY_LIMIT' });
        }
        return [{ type: 'AiWritingCounted', data: { userId: command.userId, day: command.day, count: state.count + 1 } }];
      }
      default:
        return assertNever(command.type, 'AI usage command');
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'AiWritingCounted':
        return { count: event.data.count };
      default: {
        const _unknown: never = event.type;
        return state;
      }
    }
  },
};

/** Milliseconds from `now` until a refused limit opens again (next UTC midnight, or next month). */
export const aiLimitRetryAfterMs = (reason: string, now: Date): number => {
  const next =
    reason === 'AI_MONTHLY_LIMIT'
      ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)
      : Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(0, next - now.getTime());
};

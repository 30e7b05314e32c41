// GET /api/user/trial-status (spec part 1 §3, §7): polled every 5 minutes, not on window focus.
import useSWR from 'swr';
import type { TrialState } from '@web/lib/user-model';

export type TrialStatus = {
  isPremium: boolean;
  trialActive: boolean;
  repliesRemaining: number;
  subscriptionEndDate: string | null;
  trialEndsAt?: string | null;
  /** Counted on X (ADR 0047): open, used (the 25 on X inside the 7 days), over, unlimited. */
  trialState?: TrialState;
  repliesPosted?: number;
  repliesPrepared?: number;
  /** Replies that come before a new one: prepared, and schedules due inside the trial. */
  repliesAhead?: number;
  /** "N prepared, M posted, K left". */
  summary?: string;
  /** "You've used your 25 trial replies" or "Trial expired"; null while the trial is open. */
  headline?: string | null;
};

export const TRIAL_REPLIES = 25;
export const TRIAL_POLL_MS = 5 * 60_000;

/** Spec: shown while nothing is loaded yet. */
export const defaultTrialStatus: TrialStatus = { isPremium: false, trialActive: false, repliesRemaining: 0, subscriptionEndDate: null };

export function useTrialStatus() {
  return useSWR<TrialStatus, Error>('/api/user/trial-status', { refreshInterval: TRIAL_POLL_MS, revalidateOnFocus: false });
}

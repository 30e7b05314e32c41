// GET /api/user/trial-status (spec part 1 §3, §7): polled every 5 minutes, not on window focus.
import useSWR from 'swr';

export type TrialStatus = {
  isPremium: boolean;
  trialActive: boolean;
  repliesRemaining: number;
  subscriptionEndDate: string | null;
  trialEndsAt?: string | null;
};

export const TRIAL_REPLIES = 25;
export const TRIAL_POLL_MS = 5 * 60_000;

/** Spec: shown while nothing is loaded yet. */
export const defaultTrialStatus: TrialStatus = { isPremium: false, trialActive: false, repliesRemaining: 0, subscriptionEndDate: null };

export function useTrialStatus() {
  return useSWR<TrialStatus, Error>('/api/user/trial-status', { refreshInterval: TRIAL_POLL_MS, revalidateOnFocus: false });
}

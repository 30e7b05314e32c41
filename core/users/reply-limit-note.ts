/**
 * The note under the reply forms (spec part 2 §6): "Admins are exempt from the monthly reply limit
 * note; non-admins see 'Based on your account type, this will count towards your monthly reply
 * limit.'" Riposte has no monthly limit: the free trial's 25 replies are the only reply allowance
 * (Premium and legacy are unlimited), so the note keeps the spec's opening and names the limit
 * the account really has (ADR 0043), counted on X (ADR 0047).
 */
import { TRIAL_REPLIES, type Role } from './constants';
import type { TrialState } from './quota';

/** `summary`: the trial's "N prepared, M posted, K left" (core/users/quota quotaSummary). */
export const replyLimitNote = (role: Role, state: TrialState, summary: string): string | null => {
  if (role === 'admin') return null;
  switch (state) {
    case 'open':
      return `Based on your account type, this will count towards your free trial's ${TRIAL_REPLIES} replies once it is on X (${summary}).`;
    case 'used':
      return `Based on your account type, this will wait: you've used your ${TRIAL_REPLIES} trial replies (${summary}). Upgrade to Premium to send it.`;
    case 'over':
      return 'Based on your account type, this cannot be sent: your free trial has ended. Upgrade to Premium to continue.';
    case 'unlimited':
      return 'Based on your account type, this will not count towards a reply limit: your replies are unlimited.';
  }
};

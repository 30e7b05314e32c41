/**
 * The note under the reply forms (spec part 2 §6): "Admins are exempt from the monthly reply limit
 * note; non-admins see 'Based on your account type, this will count towards your monthly reply
 * limit.'" Riposte has no monthly limit: the free trial's 25 replies are the only reply allowance
 * (Premium and legacy are unlimited), so the note keeps the spec's opening and names the limit
 * the account really has (ADR 0043).
 */
import { TRIAL_REPLIES, type Role } from './constants';
import type { Tier } from './tier';

export const replyLimitNote = (role: Role, tier: Tier, repliesRemaining: number): string | null => {
  if (role === 'admin') return null;
  switch (tier) {
    case 'trial':
      return `Based on your account type, this will count towards your free trial's ${TRIAL_REPLIES} replies (${repliesRemaining} left).`;
    case 'expired':
      return 'Based on your account type, this cannot be sent: your free trial has ended. Upgrade to Premium to continue.';
    case 'premium':
    case 'legacy':
    case 'admin':
      return 'Based on your account type, this will not count towards a reply limit: your replies are unlimited.';
  }
};

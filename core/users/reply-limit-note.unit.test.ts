import { describe, expect, it } from 'vitest';
import { replyLimitNote } from './reply-limit-note';

describe('replyLimitNote (spec part 2 §6)', () => {
  it('is not shown to admins, whatever their tier', () => {
    expect(replyLimitNote('admin', 'admin', 25)).toBeNull();
    expect(replyLimitNote('admin', 'premium', 25)).toBeNull();
  });

  it("counts a trial user's reply against the trial's 25, with what is left", () => {
    expect(replyLimitNote('user', 'trial', 7)).toBe("Based on your account type, this will count towards your free trial's 25 replies (7 left).");
  });

  it('says an ended trial cannot send, and unlimited tiers have no limit', () => {
    expect(replyLimitNote('user', 'expired', 0)).toBe('Based on your account type, this cannot be sent: your free trial has ended. Upgrade to Premium to continue.');
    for (const [role, tier] of [['user', 'premium'], ['legacy', 'legacy']] as const) {
      expect(replyLimitNote(role, tier, 25)).toBe('Based on your account type, this will not count towards a reply limit: your replies are unlimited.');
    }
  });
});

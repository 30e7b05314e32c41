import { describe, expect, it } from 'vitest';
import { replyLimitNote } from './reply-limit-note';

describe('replyLimitNote (spec part 2 §6)', () => {
  it('is not shown to admins, whatever their plan', () => {
    expect(replyLimitNote('admin', 'unlimited', '')).toBeNull();
  });

  it("counts a trial user's reply against the trial's 25 once it is on X, with the trial's counts", () => {
    expect(replyLimitNote('user', 'open', '2 prepared, 16 posted, 9 left')).toBe(
      "Based on your account type, this will count towards your free trial's 25 replies once it is on X (2 prepared, 16 posted, 9 left).",
    );
  });

  it('says a used trial makes the reply wait, an ended one cannot send, and unlimited plans have no limit', () => {
    expect(replyLimitNote('user', 'used', '1 prepared, 25 posted, 0 left')).toBe(
      "Based on your account type, this will wait: you've used your 25 trial replies (1 prepared, 25 posted, 0 left). Upgrade to Premium to send it.",
    );
    expect(replyLimitNote('user', 'over', '')).toBe('Based on your account type, this cannot be sent: your free trial has ended. Upgrade to Premium to continue.');
    for (const role of ['user', 'legacy'] as const) {
      expect(replyLimitNote(role, 'unlimited', '')).toBe('Based on your account type, this will not count towards a reply limit: your replies are unlimited.');
    }
  });
});

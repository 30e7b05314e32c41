import { describe, expect, it } from 'vitest';
import { BADGE_TEST_STATUSES, statusBadge } from '@core/replies/views';
import { badgeStyle } from './badge-style';

const styleOf = (status: string, message: string | null = null) => {
  const badge = statusBadge(status, message);
  const style = badgeStyle(badge.variant, badge.status);
  return { label: badge.label, variant: style.variant, icon: style.icon.displayName ?? style.icon.name };
};

describe('reply status badge look (spec part 1, Reply status badges)', () => {
  it('shows sent as success, pending and scheduled as outline with a clock', () => {
    expect(styleOf('sent').variant).toBe('success');
    for (const s of ['pending', 'scheduled', '']) expect(styleOf(s)).toMatchObject({ variant: 'outline', icon: expect.stringMatching(/Clock/) });
  });

  it('shows a held (rate_limited) reply as waiting, outline with a clock, not as a failure', () => {
    expect(styleOf('rate_limited')).toMatchObject({ label: 'Waiting', variant: 'outline', icon: expect.stringMatching(/Clock/) });
  });

  it('shows the listed failures as destructive', () => {
    for (const s of ['failed', 'invalid_content', 'account_suspended', 'post_unavailable', 'insufficient_permissions']) {
      expect(styleOf(s).variant, s).toBe('destructive');
    }
  });

  it("shows 'Auth Failed' for a failed reply whose message speaks of authentication, destructive with a key", () => {
    expect(styleOf('failed', 'X refused the token: 401 Unauthorized')).toMatchObject({ label: 'Auth Failed', variant: 'destructive', icon: expect.stringMatching(/Key/) });
    expect(styleOf('failed', 'Post unavailable').label).not.toBe('Auth Failed');
  });

  it('gives every status of the badge test page a look, and Riposte-only statuses their own label', () => {
    for (const s of BADGE_TEST_STATUSES) expect(styleOf(s).variant, s).toBeTruthy();
    expect(styleOf('ready').variant).toBe('warning');
    expect(styleOf('unconfirmed').icon).toMatch(/Help|Question/);
    expect(styleOf('skipped').variant).toBe('secondary');
    expect(styleOf('made_up_status')).toMatchObject({ label: 'made_up_status', variant: 'secondary' });
  });
});

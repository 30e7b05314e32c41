import { describe, expect, it } from 'vitest';
import { BADGE_TEST_STATUSES } from '@core/replies/views';
import { badgeCategories } from './badge-groups';

describe('Reply Status Badge Test page rows', () => {
  const categories = badgeCategories();
  const keys = categories.flatMap((c) => c.samples.map((s) => s.key));

  it('lists every status once, plus the Auth Failed case, the empty status and an unknown value', () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of BADGE_TEST_STATUSES) expect(keys, s).toContain(s);
    expect(keys).toEqual(expect.arrayContaining(['failed+auth', '(empty)', 'unknown_value']));
  });

  it('groups them by category, with Auth Failed right after the failures', () => {
    const titles = categories.map((c) => c.title);
    expect(titles[0]).toBe('Success');
    expect(titles.indexOf('Auth Failed')).toBe(titles.indexOf('Failures') + 1);
    const auth = categories.find((c) => c.title === 'Auth Failed');
    expect(auth?.samples.map((s) => s.badge.label)).toEqual(['Auth Failed']);
  });

  it('shows the empty status as pending and an unknown value as it is (spec part 2 §4)', () => {
    const sample = (key: string) => categories.flatMap((c) => c.samples).find((s) => s.key === key);
    expect(sample('(empty)')?.badge.label).toBe('Pending');
    expect(sample('unknown_value')?.badge.label).toBe('unknown_value');
  });
});

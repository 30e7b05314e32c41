import { describe, expect, it } from 'vitest';
import { IANAZone } from 'luxon';
import { CURATED_ACCOUNTS, CURATED_CATEGORIES } from './curated-accounts';
import { MONITORING_TIERS } from './tiers';
import { parseUsername } from './username';
import { ACCOUNT_LIMITS } from './schemas';

describe('the curated accounts', () => {
  it('are 30 distinct, valid X usernames (X compares names without case)', () => {
    expect(CURATED_ACCOUNTS).toHaveLength(30);
    expect(new Set(CURATED_ACCOUNTS.map((a) => a.username.toLowerCase())).size).toBe(30);
    for (const a of CURATED_ACCOUNTS) expect(parseUsername(a.username)).toEqual({ ok: true, username: a.username });
  });

  it('span every category and have a tier, a zone, a topic and fields within the form limits', () => {
    expect(new Set(CURATED_ACCOUNTS.map((a) => a.category))).toEqual(new Set(CURATED_CATEGORIES));
    for (const a of CURATED_ACCOUNTS) {
      expect(MONITORING_TIERS).toContain(a.monitoringTier);
      expect(IANAZone.isValidZone(a.timeZone), a.timeZone).toBe(true);
      expect(a.displayName.length).toBeGreaterThan(0);
      expect(a.displayName.length).toBeLessThanOrEqual(ACCOUNT_LIMITS.displayNameMax);
      expect(a.bio.length).toBeLessThanOrEqual(ACCOUNT_LIMITS.bioMax);
      expect(a.topicKeyword.length).toBeGreaterThan(0);
      expect(a.topicKeyword.length).toBeLessThanOrEqual(ACCOUNT_LIMITS.topicKeywordMax);
    }
  });
});

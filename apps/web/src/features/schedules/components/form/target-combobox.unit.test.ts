import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TargetAccount } from '@web/features/schedules/api/accounts';
import { exactTarget, rankTargets } from './target-combobox';

const account = (username: string, displayName: string | null = null): TargetAccount =>
  ({ id: `id-${username}`, username, displayName }) as TargetAccount;

// The curated list's order puts news accounts first (@BBCBreaking): the one a wrong pick used to land on.
const ACCOUNTS = [account('BBCBreaking', 'BBC Breaking News'), account('naval', 'Naval'), account('navalny_team'), account('sama', 'Sam Altman'), account('paulg', 'Paul Graham'), account('samantha', 'Sama Fan')];

describe('target suggestions', () => {
  it('puts an exact handle first, then handles starting with it, then handles or names containing it', () => {
    expect(rankTargets(ACCOUNTS, 'naval').map((a) => a.username)).toEqual(['naval', 'navalny_team']);
    expect(rankTargets(ACCOUNTS, '@SAMA').map((a) => a.username)).toEqual(['sama', 'samantha']);
    expect(rankTargets(ACCOUNTS, 'paulg').map((a) => a.username)).toEqual(['paulg']);
    expect(rankTargets(ACCOUNTS, 'graham').map((a) => a.username)).toEqual(['paulg']);
    expect(rankTargets(ACCOUNTS, 'zzz')).toEqual([]);
    expect(rankTargets(ACCOUNTS, '  ')).toEqual(ACCOUNTS);
  });

  it('always lists the account a typed handle names exactly, first', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACCOUNTS), fc.boolean(), fc.boolean(), (picked, upper, at) => {
        const typed = `${at ? '@' : ''}${upper ? picked.username.toUpperCase() : picked.username}`;
        expect(exactTarget(ACCOUNTS, typed)?.id).toBe(picked.id);
        expect(rankTargets(ACCOUNTS, typed)[0]?.id).toBe(picked.id);
      }),
    );
  });
});

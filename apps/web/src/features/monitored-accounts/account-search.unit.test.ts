import { describe, expect, it } from 'vitest';
import type { AccountView } from '@core/monitoring/views';
import { searchAccounts } from '@web/features/monitored-accounts/account-search';

const account = (username: string, displayName: string, bio: string | null = null) => ({ username, displayName, bio, topicKeyword: null }) as AccountView;
const all = [account('naval', 'Naval', 'Angel investor'), account('paulg', 'Paul Graham', 'Y Combinator'), account('sama', 'Sam Altman')];

describe('searchAccounts', () => {
  it('finds by handle with or without @, by name and by bio, in any case', () => {
    expect(searchAccounts(all, '@NAVAL').map((a) => a.username)).toEqual(['naval']);
    expect(searchAccounts(all, 'graham').map((a) => a.username)).toEqual(['paulg']);
    expect(searchAccounts(all, 'combinator paul').map((a) => a.username)).toEqual(['paulg']);
  });

  it('keeps every account for an empty query and none for a miss', () => {
    expect(searchAccounts(all, '  ')).toHaveLength(3);
    expect(searchAccounts(all, 'zzz')).toEqual([]);
  });
});

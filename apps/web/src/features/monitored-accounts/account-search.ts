import type { AccountView } from '@core/monitoring/views';

/** Accounts whose handle, name, bio or topic contain every word of the query (any case, '@' ignored). */
export function searchAccounts(accounts: readonly AccountView[], query: string): AccountView[] {
  const words = query.toLowerCase().replaceAll('@', ' ').split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...accounts];
  return accounts.filter((a) => {
    const text = [a.username, a.displayName, a.bio ?? '', a.topicKeyword ?? ''].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

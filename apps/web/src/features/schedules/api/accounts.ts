// The two kinds of account every schedule form needs (spec part 2 §7): the user's connected X
// accounts (who posts) and the monitored accounts they may answer (targets).
import useSWR from 'swr';
import type { AccountOption } from '@core/monitoring/views';
import { toast } from '@web/components/ui/use-toast';
import { apiGet } from '@web/lib/api';
import { X_ACCOUNTS_KEY, type ConnectedAccount, type ConnectedAccountsAnswer } from '@web/features/connected-accounts';

export const TARGET_ACCOUNTS_KEY = '/api/user/accounts';

/** A connected X account, as the connected-accounts feature types GET /api/x/accounts. */
export type XAccount = ConnectedAccount;

const NONE: ConnectedAccountsAnswer = { accounts: [], accountLimit: null, remainingSlots: null };

/** A monitored account the user may target (GET /api/user/accounts). */
export type TargetAccount = AccountOption;

/**
 * Connected X accounts. `fallbackOnError`: the classic page treats a failed call as "no accounts"
 * (spec §7), so it shows 'Connect an Account First' rather than an error.
 */
export function useXAccounts({ fallbackOnError = false }: { fallbackOnError?: boolean } = {}) {
  const swr = useSWR<ConnectedAccountsAnswer & { failed?: boolean }, Error>(fallbackOnError ? [X_ACCOUNTS_KEY, 'fallback'] : X_ACCOUNTS_KEY, async () => {
    try {
      return (await apiGet<ConnectedAccountsAnswer>(X_ACCOUNTS_KEY)) ?? NONE;
    } catch (err) {
      if (fallbackOnError) return { ...NONE, failed: true };
      throw err;
    }
  });
  return { ...swr, accounts: swr.data?.accounts ?? [] };
}

/** Monitored accounts visible to the user. */
export function useTargetAccounts() {
  const swr = useSWR<TargetAccount[], Error>(TARGET_ACCOUNTS_KEY);
  return { ...swr, accounts: swr.data ?? [] };
}

export const accountLabel = (a: { username: string; displayName?: string | null }): string =>
  a.displayName && a.displayName !== a.username ? `${a.displayName} (@${a.username})` : `@${a.username}`;

// Auto-connect (spec part 2 §4, §8): answers the server calls quiet are not errors to show.
const QUIET_AUTO_CONNECT = ['Not X authenticated', 'Account limit reached'];

/**
 * Tries once to connect the X account a user signed in with: GET /api/x/auto-connect. True when
 * an account was connected (the caller refreshes its list).
 */
export async function autoConnect(): Promise<boolean> {
  try {
    const answer = await apiGet<{ success?: boolean; message?: string }>('/api/x/auto-connect');
    if (answer?.success) return true;
    const message = answer?.message ?? '';
    if (!QUIET_AUTO_CONNECT.some((q) => message.includes(q))) {
      toast({ title: 'Auto-Connect Error', description: 'Failed to auto-connect your X account. You can connect it manually.', variant: 'destructive' });
    }
    return false;
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (!QUIET_AUTO_CONNECT.some((q) => message.includes(q))) {
      toast({ title: 'Auto-Connect Error', description: 'Failed to auto-connect your X account. You can connect it manually.', variant: 'destructive' });
    }
    return false;
  }
}

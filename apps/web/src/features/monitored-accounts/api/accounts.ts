// Monitored accounts (spec part 2 §7 /api/accounts): the queries of the page and the actions
// that change accounts. Actions raise the toasts of spec §8 and refresh the lists; they throw the
// ApiError on failure so a form can mark the field the server blamed.
import useSWR, { mutate } from 'swr';
import { ACCOUNT_MESSAGES, type AccountInput, type AccountPatch } from '@core/monitoring/schemas';
import type { AccountActivity, AccountView, AccountsAccessView } from '@core/monitoring/views';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiCreate, apiRequest, errorMessage, StaleRevisionError } from '@web/lib/api';

export type { AccountActivity, AccountView, AccountsAccessView };

export const ACCOUNTS_KEY = '/api/accounts';
export const ACCESS_KEY = '/api/accounts/access';
export const ACTIVITY_KEY = '/api/accounts/activity';
/** The slim list the schedule forms use: refreshed too, so a new account shows up there. */
const TARGETS_KEY = '/api/user/accounts';

export const useAccounts = () => useSWR<AccountView[], Error>(ACCOUNTS_KEY);
export const useAccountsAccess = () => useSWR<AccountsAccessView, Error>(ACCESS_KEY);
export const useAccountActivity = () => useSWR<AccountActivity[], Error>(ACTIVITY_KEY);

/**
 * The load error of spec §8: a message about X authentication when the failure mentions it (X API,
 * 401, credentials, authentication), the general one otherwise.
 */
export function loadErrorMessage(error: Error): string {
  const text = error.message.toLowerCase();
  const aboutX = text.includes('x api') || text.includes('401') || text.includes('credentials') || text.includes('authentication');
  if (aboutX || (error instanceof ApiError && error.status === 401)) return ACCOUNT_MESSAGES.xAuthInterrupted;
  return ACCOUNT_MESSAGES.loadFailed;
}

const refreshAll = () => Promise.all([mutate(ACCOUNTS_KEY), mutate(ACTIVITY_KEY), mutate(ACCESS_KEY), mutate(TARGETS_KEY)]);

const failed = (err: unknown, fallback: string): never => {
  // A stale save is the form's to settle (components/changed-elsewhere.tsx), not an error.
  if (!(err instanceof StaleRevisionError)) toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });
  throw err;
};

export const accountUrl = (id: string) => `${ACCOUNTS_KEY}/${encodeURIComponent(id)}`;

/** A non-admin's account is private until an admin approves it: say so rather than "monitored". */
const added = (account: AccountView) =>
  account.approval === 'pending'
    ? `@${account.username} is visible to you only until an admin approves it`
    : `@${account.username} is now monitored`;

export async function createAccount(fields: Partial<AccountInput> & { username: string; displayName: string }): Promise<AccountView> {
  try {
    const account = await apiCreate<AccountView>(ACCOUNTS_KEY, fields);
    toast({ title: 'Account added', description: added(account) });
    await refreshAll();
    return account;
  } catch (err) {
    return failed(err, ACCOUNT_MESSAGES.addFailed);
  }
}

/** `basedOn`: the account as the form read it (its revision goes out as If-Match). */
export async function updateAccount(id: string, fields: AccountPatch, basedOn?: AccountView): Promise<AccountView> {
  try {
    const account = await apiRequest<AccountView>('PUT', accountUrl(id), fields, { basedOn });
    toast({ title: 'Account updated', description: `@${account.username} has been updated` });
    await refreshAll();
    return account;
  } catch (err) {
    return failed(err, ACCOUNT_MESSAGES.updateFailed);
  }
}

export async function deleteAccount(account: Pick<AccountView, 'id' | 'username'>): Promise<void> {
  try {
    const answer = await apiRequest<{ message?: string }>('DELETE', accountUrl(account.id));
    toast({ title: 'Account deleted', description: answer?.message ?? `@${account.username} is no longer monitored` });
    await refreshAll();
  } catch (err) {
    failed(err, ACCOUNT_MESSAGES.deleteFailed);
  }
}

/** Admins: publish an account a non-admin added (PUT /api/admin/accounts/{id}/approve). */
export async function approveAccount(account: Pick<AccountView, 'id' | 'username'>): Promise<void> {
  try {
    await apiRequest<AccountView>('PUT', `/api/admin/accounts/${encodeURIComponent(account.id)}/approve`);
    toast({ title: 'Account approved', description: `@${account.username} is now shown to the users its visibility allows` });
    await refreshAll();
  } catch (err) {
    failed(err, 'Failed to approve account. Please try again.');
  }
}

// ---- legacy mode ------------------------------------------------------------------------------

export type LegacyUsage = { used: number; limit: number };

/** Checks the PIN on the server; a wrong one raises 'Access Denied'. */
export async function verifyLegacyPin(pin: string): Promise<LegacyUsage> {
  try {
    return await apiRequest<LegacyUsage & { success: boolean }>('POST', `${ACCOUNTS_KEY}/legacy/verify-pin`, { pin });
  } catch (err) {
    toast({ title: 'Access Denied', description: errorMessage(err, ACCOUNT_MESSAGES.pinIncorrect), variant: 'destructive' });
    throw err;
  }
}

const isLimitReached = (err: unknown) => err instanceof ApiError && (err.data as { code?: string } | undefined)?.code === 'LEGACY_LIMIT_REACHED';

/** Adds an account in legacy mode (flagged addedByOwner, visible to this user only). */
export async function addLegacyAccount(pin: string, username: string): Promise<AccountView> {
  try {
    const account = await apiCreate<AccountView>(ACCOUNTS_KEY, { addedByOwner: true, pin, username, isMonitored: true, userOnly: true });
    toast({ title: 'Account added', description: `@${account.username} was added in Legacy Mode` });
    await refreshAll();
    return account;
  } catch (err) {
    if (isLimitReached(err)) {
      toast({ title: ACCOUNT_MESSAGES.legacyLimitTitle, description: ACCOUNT_MESSAGES.legacyLimit, variant: 'destructive' });
    } else {
      toast({ title: 'Failed to add account', description: errorMessage(err, ACCOUNT_MESSAGES.addFailed), variant: 'destructive' });
    }
    throw err;
  }
}

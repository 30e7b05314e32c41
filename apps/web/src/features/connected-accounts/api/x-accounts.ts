// My X Accounts calls (spec part 2 §7): the list, the connection flows and disconnect. Actions
// are module-level functions; the page refreshes the list through swr's mutate.
import useSWR, { mutate } from 'swr';
import type { ScheduleView } from '@core/scheduling/views';
import { apiGet, apiRequest, ApiError } from '@web/lib/api';

export const X_ACCOUNTS_KEY = '/api/x/accounts';

export type ConnectedAccount = {
  id: string;
  username: string;
  displayName: string | null;
  profileImageUrl: string | null;
  isActive: boolean;
  tokenExpiresAt: string | null;
  hasSecret?: boolean;
  /** On a paid X tier when last (re)connected: its replies may be 25,000 characters. */
  xPremium?: boolean;
  usedInSchedules: boolean;
  schedulesCount: number;
};

/** accountLimit and remainingSlots are null for unlimited plans. */
export type ConnectedAccountsAnswer = { accounts: ConnectedAccount[]; accountLimit: number | null; remainingSlots: number | null };

export const useConnectedAccounts = () => useSWR<ConnectedAccountsAnswer, Error>(X_ACCOUNTS_KEY);

export const refreshAccounts = () => mutate((key) => (Array.isArray(key) ? key[0] : key) === X_ACCOUNTS_KEY);

export type AuthStart = { url?: string; token?: string; fallbackAvailable?: boolean };

export const startPinConnect = () => apiGet<AuthStart>('/api/x/auth/url');
export const startDirectConnect = () => apiGet<AuthStart>('/api/x/auth/direct');
export const startPinReconnect = (id: string) => apiGet<AuthStart>(`/api/x/auth/reconnect/${encodeURIComponent(id)}`);
/** Reconnect through X's callback (no PIN): the caller polls authStatus with the token. */
export const startDirectReconnect = (id: string) => apiGet<AuthStart>(`/api/x/auth/direct/reconnect/${encodeURIComponent(id)}`);

export const verifyPin = (token: string, pinCode: string) => apiRequest<{ success: boolean; username: string }>('POST', '/api/x/auth/verify-pin', { token, pinCode });
export const reconnectPin = (accountId: string, pinCode: string, token?: string) =>
  apiRequest<{ success: boolean; username: string }>('POST', '/api/x/auth/reconnect-pin', { accountId, pinCode, ...(token ? { token } : {}) });

export const authStatus = (token: string) =>
  apiGet<{ status: 'pending' | 'success' | 'error'; username: string | null; message: string }>(`/api/x/auth/status/${encodeURIComponent(token)}`);

export const autoConnectAccount = () => apiGet<{ success: boolean; message: string }>('/api/x/auto-connect');

export const disconnectAccount = (id: string) => apiRequest<{ success: boolean }>('DELETE', `/api/x/accounts/${encodeURIComponent(id)}`);

export const isAccountInUse = (err: unknown): boolean =>
  err instanceof ApiError && (err.data as { code?: string } | undefined)?.code === 'ACCOUNT_IN_USE';

/** The schedules that keep an account from being disconnected: pending ones posting from it (the server's rule). */
export const useSchedulesUsing = (accountId: string | null) => {
  const answer = useSWR<ScheduleView[], Error>(accountId === null ? null : '/api/schedules');
  return { ...answer, schedules: accountId === null ? [] : (answer.data ?? []).filter((s) => s.connectedAccountId === accountId && s.status === 'pending') };
};

/** Moves a schedule to another of the user's connected accounts (from its next run on). */
export const moveSchedule = (scheduleId: string, connectedAccountId: string) =>
  apiRequest<ScheduleView>('PATCH', `/api/schedules/${encodeURIComponent(scheduleId)}`, { connectedAccountId });

export const deleteSchedule = (scheduleId: string) => apiRequest<void>('DELETE', `/api/schedules/${encodeURIComponent(scheduleId)}`);

/** After moving or deleting: the schedules everywhere and the accounts' counts. */
export const refreshSchedulesAndAccounts = () => Promise.all([mutate((key) => (Array.isArray(key) ? key[0] : key) === '/api/schedules'), refreshAccounts()]);

/** POST /api/x/test-tweet (spec part 2 §7): a tweet from one of the user's accounts; tweetUrl is ours. */
export const sendTestTweet = (connectedAccountId: string, content: string) =>
  apiRequest<{ success: boolean; tweetId: string; tweetUrl: string }>('POST', '/api/x/test-tweet', { connectedAccountId, content });

// GET /api/auth/status: the session (spec part 1 §4). Cached indefinitely, retried once after 1 s;
// a 401 means "nobody signed in" and is cached as null, not raised.
// The key is shared with the public pages' own hook (features/public/use-session.ts): both
// fetchers answer the same shape, so one request serves both.
import useSWR, { mutate } from 'swr';
import { ApiError, apiGet } from '@web/lib/api';
import type { User } from '@web/lib/user-model';

export const AUTH_STATUS_KEY = '/api/auth/status';

export type AuthStatus = { isAuthenticated: boolean; user: User | null };

export async function fetchAuthStatus(url: string): Promise<AuthStatus | null> {
  try {
    return await apiGet<AuthStatus>(url, 'returnNull');
  } catch (err) {
    if (err instanceof ApiError && err.status > 0) {
      throw new ApiError(`Auth check failed with status: ${err.status}`, err.status, err.requestId, err.data);
    }
    throw err instanceof Error ? err : new Error('Unknown error checking auth status');
  }
}

export type Auth = { user: User | null; isLoading: boolean; error: Error | undefined };

export function useAuth(): Auth {
  const { data, error, isLoading } = useSWR<AuthStatus | null, Error>(AUTH_STATUS_KEY, fetchAuthStatus, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    // 'Stale time infinite' (spec §9). setTimeout treats delays above 2^31-1 ms as ~0, so this is
    // the largest interval that really de-duplicates.
    dedupingInterval: 2 ** 31 - 1,
    errorRetryCount: 1,
  });
  const user = data?.isAuthenticated && data.user ? data.user : null;
  return { user, isLoading, error };
}

/** Replace the cached session (after login, registration, profile or password change). */
export function setSessionUser(user: User | null): Promise<unknown> {
  return mutate(AUTH_STATUS_KEY, user ? { isAuthenticated: true, user } : null, { revalidate: false });
}

/**
 * The server has just issued this user a new session (a password change revokes every other one,
 * and with them the cookie of any request still in flight). A query sent in that moment was
 * answered 401 although the user is signed in, and a 4xx is never retried: ask every query again
 * under the new cookie, so none stays on that answer (a screen would wait on it forever).
 */
export async function sessionRenewed(user: User): Promise<void> {
  await setSessionUser(user);
  await mutate((key) => key !== AUTH_STATUS_KEY);
}

/** Ask the server again (X sign-in completion polls this). */
export async function refetchAuthStatus(): Promise<AuthStatus | null> {
  const status = await fetchAuthStatus(AUTH_STATUS_KEY);
  await mutate(AUTH_STATUS_KEY, status, { revalidate: false });
  return status;
}

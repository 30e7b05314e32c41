// The public pages only need to know whether someone is signed in (and whether their email is
// known). They read GET /api/auth/status themselves so they do not depend on the auth feature;
// the swr key is the same, so when both are mounted they share one cache entry and one request.
import useSWR from 'swr';

export type PublicUser = { username: string; email?: string | null };

/**
 * Props every public page accepts: pass `user` to skip the status request (tests, a router that
 * already knows the session). `params` is what wouter's `<Route component={...}>` passes; naming it
 * lets the pages be mounted that way.
 */
export type PublicPageProps = { user?: PublicUser | null; params?: unknown };

type AuthStatus = { isAuthenticated?: boolean; user?: PublicUser | null };

export const AUTH_STATUS_KEY = '/api/auth/status';

// Spec part 1 §7: a 401 on the auth status counts as "nobody signed in", not as an error.
export async function fetchAuthStatus(url: string): Promise<AuthStatus | null> {
  const res = await fetch(url, {
    credentials: 'include',
    headers: { Accept: 'application/json', 'X-Riposte-Request': '1' },
  });
  if (res.status === 401) {
    // Read the body anyway: an unread no-store answer keeps its request open until it is collected.
    await res.text().catch(() => '');
    return null;
  }
  if (!res.ok) throw new Error(`Auth check failed with status: ${res.status}`);
  return (await res.json()) as AuthStatus;
}

export type Session = { user: PublicUser | null; isLoading: boolean };

/**
 * The signed-in user, or null for a visitor. A `user` prop, when given (even null), wins and no
 * request is made. While the status loads, `isLoading` is true and `user` is null.
 */
export function useSession(given?: PublicUser | null): Session {
  const fromProp = given !== undefined;
  // Spec part 1 §4/§9: the auth status is cached indefinitely, retried once after 1 s.
  const { data, error, isLoading } = useSWR(fromProp ? null : AUTH_STATUS_KEY, fetchAuthStatus, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    errorRetryCount: 1,
    errorRetryInterval: 1000,
    // Largest delay setTimeout accepts (swr times the dedupe with it; bigger values fire at once).
    dedupingInterval: 2 ** 31 - 1,
  });
  if (fromProp) return { user: given ?? null, isLoading: false };
  // A failed status check leaves the marketing pages usable as a visitor would see them.
  if (error) return { user: null, isLoading: false };
  const user = data?.isAuthenticated && data.user ? data.user : null;
  return { user, isLoading };
}

/** Spec part 1 §2: signed-in users without an email are sent to /email-collection. */
export function needsEmail(user: PublicUser | null): boolean {
  return user !== null && !user.email;
}

/**
 * How monitored accounts ask X who a username is. It is the X port's
 * `XReader.lookupUser` (core/x/port.ts) seen through the little it needs, so the service runs with
 * any X client (the real API, the bundled emulator) or none at all.
 *
 *  - found: the X user id (and name, picture, bio to fill in what the user left empty);
 *  - not_found: X answered that no such user exists (the add is refused on the username field);
 *  - unavailable: X could not be asked (no client, network, 5xx, rate limit, auth): the account is
 *    stored with its X id unresolved and the resolver job asks again later. Never a made-up id.
 *    `error` is null when no X client is configured at all (nothing failed; nothing to log).
 */
import type { XProfile } from './account';

/** Structurally `XReader['lookupUser']`: null when X has no such user. */
export type XUserLookup = (username: string) => Promise<{
  id: string;
  displayName: string;
  profileImageUrl?: string;
  description?: string;
} | null>;

export type XLookupResult = { status: 'found'; profile: XProfile } | { status: 'not_found' } | { status: 'unavailable'; error: unknown };

export const lookupXProfile = async (lookup: XUserLookup | undefined, username: string): Promise<XLookupResult> => {
  if (lookup === undefined) return { status: 'unavailable', error: null };
  try {
    const user = await lookup(username);
    if (user === null) return { status: 'not_found' };
    return {
      status: 'found',
      profile: {
        xUserId: user.id,
        displayName: user.displayName === '' ? null : user.displayName,
        profilePicture: user.profileImageUrl ?? null,
        bio: user.description === undefined || user.description === '' ? null : user.description,
      },
    };
  } catch (error) {
    return { status: 'unavailable', error };
  }
};

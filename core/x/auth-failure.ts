/**
 * The spec's 'Auth Failed' rule (part 1 §4 'Reply status badges', part 2 §8): a failed reply whose
 * status message mentions authentication failure, unauthorized, 401, auth, token, expired or
 * credentials shows an 'Auth Failed' badge and raises the X-authentication warning banner.
 *
 * 'auth' is matched as a word (and as the start of authenticate/authorize), not as any substring:
 * otherwise "the author has not mentioned this account" (the not-summoned message) would read as
 * an auth failure.
 */
const AUTH_WORDS = /\b(?:o?auth)\b|authenticat|authori[sz]|\b401\b|\btokens?\b|expired|credential/i;

/** True when a text speaks of authentication, tokens or credentials (the spec's word list). */
export const mentionsAuthFailure = (text: string | null | undefined): boolean => text != null && AUTH_WORDS.test(text);

/** The badge rule itself: only a 'failed' reply, and only when its message says so. */
export const showsAuthFailedBadge = (status: string | null | undefined, statusMessage: string | null | undefined): boolean =>
  status === 'failed' && mentionsAuthFailure(statusMessage);

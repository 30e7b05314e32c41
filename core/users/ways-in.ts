/**
 * The ways into an account: its password, the e-mail address that receives reset links, the X
 * account it signs in with, and its personal access tokens. Whoever can change or add one keeps
 * the account after the session or token they came with is gone, so one rule decides them all:
 *
 * - a change or an addition needs a fresh proof from the owner: the current password for an
 *   account that has one; for an account without a password, a sign-in with X within the last
 *   FRESH_SIGN_IN_MS (the only sign-in such an account has);
 * - a personal access token is never a proof, whatever its scopes;
 * - no token is minted while the account still has to replace its password (the bootstrap admin's
 *   printed password): that token would outlive the change;
 * - a connected X account is for posting; it never becomes a way to sign in (only the X account
 *   an account was made with is);
 * - a reset link goes only to a proven address: one the account was registered with, or one set
 *   with a proof (recorded on the event). An address set before proofs were recorded is not one:
 *   setting it again with a proof makes it one. This matters most for an account without a
 *   password, for which a reset link is a first password.
 *
 * Checking a password is argon2's job at the edge; this rule says when it is asked for.
 */

export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * The fields of a user the rule reads (core/users/state.ts has them on User). Declared here rather
 * than imported: the user's events record a WayInProof, and the state folds those events.
 */
interface WayInHolder {
  passwordHash: string | null;
  passwordChangeRequired: boolean;
  email: string | null;
  emailProven: boolean;
}
type User = WayInHolder;

/** What the owner proved a change with; recorded on the events that set an e-mail address. */
export type WayInProof = 'password' | 'x_sign_in';

export type WayInChange = 'password' | 'email' | 'token';
/** What a fresh proof is asked for: a way in, or the deletion of the account (the same proof). */
export type ProofPurpose = WayInChange | 'delete_account';

/** Who asks: a personal access token, or a browser session signed in at `signedInAt`. */
export type WayInCaller = { kind: 'token' } | { kind: 'session'; signedInAt: string | null };

export type WayInDecision =
  /** The edge checks the current password the request gave; a match proves the change. */
  | { outcome: 'check_password' }
  | { outcome: 'proven'; proof: WayInProof }
  | { outcome: 'refused'; reason: 'token' | 'sign_in_with_x_again' | 'password_change_required' };

export const WAY_IN_MESSAGES = {
  token: 'A personal access token cannot change how this account is signed in to (password, e-mail, tokens). Do it from a signed-in browser.',
  signInWithXAgain: 'For your security, please sign in with X again: changing your password or email needs a sign-in from the last 10 minutes.',
  passwordChangeRequired: 'Change your password before making a token',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
} as const;

/** Whether a sign-in at `signedInAt` is still fresh at `now`. */
export const isFreshSignIn = (signedInAt: string | null, now: Date): boolean => {
  const age = now.getTime() - Date.parse(signedInAt ?? '');
  return Number.isFinite(age) && age >= 0 && age <= FRESH_SIGN_IN_MS;
};

/** What a caller must show before `change` is made to `user`'s ways in (or the account is deleted). */
export const proofForWayIn = (user: Pick<User, 'passwordHash' | 'passwordChangeRequired'>, change: ProofPurpose, caller: WayInCaller, now: Date): WayInDecision => {
  if (caller.kind === 'token') return { outcome: 'refused', reason: 'token' };
  if (change === 'token' && user.passwordChangeRequired) return { outcome: 'refused', reason: 'password_change_required' };
  if (user.passwordHash !== null) return { outcome: 'check_password' };
  return isFreshSignIn(caller.signedInAt, now) ? { outcome: 'proven', proof: 'x_sign_in' } : { outcome: 'refused', reason: 'sign_in_with_x_again' };
};

/** True when `email` differs from the address the account has (a first address is a change too). */
export const changesEmail = (user: Pick<User, 'email'>, email: string | null | undefined): boolean =>
  email !== undefined && (email ?? '').toLowerCase() !== (user.email ?? '').toLowerCase();

/** Whether the account's address is proven once it is `email`, set with `proof` (or none). */
export const emailProvenAfter = (user: Pick<User, 'email' | 'emailProven'>, email: string | null, proof: WayInProof | undefined): boolean =>
  email !== null && (proof !== undefined || (user.emailProven && !changesEmail(user, email)));

/** A change of a way in that reached the decider without a proof: the edge forgot the rule. */
export const WAY_IN_UNPROVEN = 'Changing the e-mail address needs a proof of identity';

/** Whether a reset link may be mailed to the account's address. */
export const mayMailResetLink = (user: Pick<User, 'email' | 'emailProven'>): boolean => user.email !== null && user.emailProven;

// The X Admin step-up as the page knows it (docs/adr/0022): the server holds the truth (a mark on
// this session); the page remembers which signed-in user passed it, so a sign-in as someone else
// starts unverified, and forgets it when the server says the session is not verified.
import { proxy, useSnapshot } from 'valtio';
import { useAuth } from '@web/lib/auth';

export const xAdminState = proxy({
  verifiedFor: null as string | null,
  /** The change waiting for the step-up, run once the token is verified. */
  dialogOpen: false,
});

let pending: (() => void) | null = null;

export function useXAdminVerified(): boolean {
  const { user } = useAuth();
  const snap = useSnapshot(xAdminState);
  return user !== null && snap.verifiedFor === user.id;
}

export function markVerified(userId: string): void {
  xAdminState.verifiedFor = userId;
}

export function forgetVerification(): void {
  xAdminState.verifiedFor = null;
}

/** Opens the token dialog; `then` runs after a successful verification. */
export function askForToken(then?: () => void): void {
  pending = then ?? null;
  xAdminState.dialogOpen = true;
}

export function closeTokenDialog(verified: boolean): void {
  xAdminState.dialogOpen = false;
  const next = pending;
  pending = null;
  if (verified) next?.();
}

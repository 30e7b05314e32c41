// Email collection (spec part 1 §4): GET /api/user/needs-email, POST /api/user/email, and the
// admin-only test mode that reopens the dialog on local hosts.
import useSWR, { mutate } from 'swr';
import { proxy, useSnapshot } from 'valtio';
import { apiGet, apiRequest } from '@web/lib/api';
import { toast } from '@web/components/ui/use-toast';
import { refetchAuthStatus } from '@web/lib/auth';

export type NeedsEmail = { needsEmail: boolean; testMode?: boolean; currentEmail?: string | null };

const TEST_FLAG = 'riposte.emailTestMode';
export const NEEDS_EMAIL_PATH = '/api/user/needs-email';

function readFlag(): boolean {
  try {
    return sessionStorage.getItem(TEST_FLAG) === 'true';
  } catch {
    return false;
  }
}

/** UI state of email collection. `closedFor` makes the dialog open once per user and mode. */
export const emailState = proxy({ testMode: readFlag(), closedFor: null as string | null, stamp: Date.now() });

function key(signedIn: boolean, testMode: boolean, stamp: number): string | null {
  if (!signedIn) return null;
  // The cache-busting timestamp keeps every check a real request (spec: always refetched).
  return testMode ? `${NEEDS_EMAIL_PATH}?test=true&t=${stamp}` : NEEDS_EMAIL_PATH;
}

export function useNeedsEmail(signedIn: boolean) {
  const { testMode, stamp } = useSnapshot(emailState);
  return useSWR<NeedsEmail | null, Error>(key(signedIn, testMode, stamp), (url: string) => apiGet<NeedsEmail>(url), {
    revalidateOnMount: true,
    revalidateIfStale: true,
    dedupingInterval: 0,
    onError: () => toast({ title: 'Error', description: 'Failed to check email status', variant: 'destructive' }),
  });
}

export async function refreshNeedsEmail(): Promise<void> {
  emailState.stamp = Date.now();
  await mutate((k) => typeof k === 'string' && k.startsWith(NEEDS_EMAIL_PATH));
}

/** Email test mode is offered to admins on local hosts (or where the server enables it). */
export function isLocalHost(hostname: string): boolean {
  return hostname.includes('localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

export function setEmailTestMode(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(TEST_FLAG, 'true');
    else sessionStorage.removeItem(TEST_FLAG);
  } catch {
    // Private mode without storage: the flag lives for this page only.
  }
  emailState.testMode = on;
  emailState.closedFor = null;
}

const TEST_REFETCH_DELAY_MS = 100;

export async function activateEmailTestMode(): Promise<void> {
  setEmailTestMode(true);
  try {
    await new Promise((r) => setTimeout(r, TEST_REFETCH_DELAY_MS));
    emailState.stamp = Date.now();
    await apiGet<NeedsEmail>(`${NEEDS_EMAIL_PATH}?test=true&t=${emailState.stamp}`);
    toast({ title: 'Test mode activated', description: 'The email dialog will open as for a new user.' });
  } catch {
    setEmailTestMode(false);
    toast({ title: 'Error', description: 'Failed to activate test mode', variant: 'destructive' });
  }
}

export function deactivateEmailTestMode(): void {
  setEmailTestMode(false);
  emailState.stamp = Date.now();
  toast({ title: 'Test mode deactivated', description: 'The email dialog is back to normal.' });
}

export type EmailAnswer = { success?: boolean };

/** Save the email. Throws ApiError (with `field` when the server names one) on failure. */
export async function saveEmail(fields: { email: string; subscribedToUpdates: boolean; currentPassword?: string }): Promise<void> {
  await apiRequest<EmailAnswer>('POST', '/api/user/email', fields);
  toast({ title: 'Email saved', description: 'Your email has been successfully saved.' });
  if (emailState.testMode) setEmailTestMode(false);
  await Promise.all([refreshNeedsEmail(), refetchAuthStatus()]);
}

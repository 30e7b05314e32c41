// The X connection flow (spec part 2 §4): start, open X's page in an 800x800 window, then either
// the PIN dialog (PIN mode) or polling of the status every 2 s, at most 60 times (direct mode).
// Direct mode falls back to PIN mode when the server says fallbackAvailable. The credentials status
// is for admins only: a start answers 503 X_NOT_CONFIGURED when X cannot be asked, and that is
// shown as the spec's 'X API Connection Issue'.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { MSG } from './messages';
import { authStatus, refreshAccounts, startDirectConnect, startPinConnect, startPinReconnect, type AuthStart } from './x-accounts';

export const POLL_INTERVAL_MS = 2000;
export const POLL_MAX_ATTEMPTS = 60;

export type PinTarget = { token: string; accountId?: string; username?: string };

const openPopup = (url: string): boolean => {
  const left = Math.max(0, (window.screen.width - 800) / 2);
  const top = Math.max(0, (window.screen.height - 800) / 2);
  const w = window.open(url, 'riposte-x-auth', `width=800,height=800,left=${left},top=${top}`);
  return w !== null;
};

export function useConnectFlow() {
  const [pending, setPending] = useState(false);
  const [pin, setPin] = useState<PinTarget | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const cancelled = useRef(false);
  useEffect(() => () => void (cancelled.current = true), []);

  const notConfigured = (err: unknown): boolean => err instanceof ApiError && (err.data as { code?: string } | undefined)?.code === 'X_NOT_CONFIGURED';

  const open = (start: AuthStart | null): start is Required<Pick<AuthStart, 'url' | 'token'>> & AuthStart => {
    if (!start?.url || !start.token) {
      toast({ title: 'Error', description: MSG.invalidResponse, variant: 'destructive' });
      return false;
    }
    if (!openPopup(start.url)) {
      setBlockedUrl(start.url);
      toast({ title: 'Popup Blocked', description: MSG.popupBlocked, variant: 'destructive' });
    } else setBlockedUrl(null);
    return true;
  };

  const poll = async (token: string) => {
    for (let attempt = 1; attempt <= POLL_MAX_ATTEMPTS; attempt += 1) {
      await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
      if (cancelled.current) return;
      try {
        const s = await authStatus(token);
        if (s?.status === 'success') {
          toast({ title: 'X account connected', description: `@${s.username ?? ''} is now connected.` });
          await refreshAccounts();
          return;
        }
        if (s?.status === 'error') {
          toast({ title: 'Authentication Failed', description: s.message, variant: 'destructive' });
          return;
        }
      } catch {
        if (attempt > 10) {
          toast({ title: 'Authentication Error', description: MSG.authStatusError, variant: 'destructive' });
          return;
        }
      }
    }
    toast({ title: 'Authentication Timeout', description: MSG.authTimeout, variant: 'destructive' });
  };

  const run = async (work: () => Promise<void>) => {
    if (pending) return;
    setPending(true);
    try {
      await work();
    } catch (err) {
      if (notConfigured(err)) toast({ title: 'X API Connection Issue', description: MSG.credentialsNotOk, variant: 'destructive' });
      else toast({ title: 'Error', description: errorMessage(err, MSG.invalidResponse), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const connectWithPin = useCallback(
    () =>
      run(async () => {
        const start = await startPinConnect();
        if (open(start)) setPin({ token: start.token });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pending],
  );

  const connectDirect = useCallback(
    () =>
      run(async () => {
        let start: AuthStart | null;
        try {
          start = await startDirectConnect();
        } catch (err) {
          if (err instanceof ApiError && (err.data as AuthStart | undefined)?.fallbackAvailable) {
            const fallback = await startPinConnect();
            if (open(fallback)) setPin({ token: fallback.token });
            return;
          }
          throw err;
        }
        if (open(start)) await poll(start.token);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pending],
  );

  const reconnect = useCallback(
    (accountId: string, username: string) =>
      run(async () => {
        const start = await startPinReconnect(accountId);
        if (open(start)) setPin({ token: start.token, accountId, username });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pending],
  );

  /** A new authorisation in place of one that can no longer be used, for the same account. */
  const restart = (target: PinTarget) => (target.accountId ? reconnect(target.accountId, target.username ?? '') : connectWithPin());

  return { pending, pin, closePin: () => setPin(null), blockedUrl, connectWithPin, connectDirect, reconnect, restart };
}

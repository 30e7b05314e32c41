// 'Refresh X Token' (spec part 2 §4 'Admin scheduler test'): start re-authorisation of the
// connected account, open X in a popup, and read the status every 2 s, at most 30 times. Success
// clears the warning and reloads accounts and replies; running out of tries is a timeout.
import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { authStatus, refreshAccounts, startDirectReconnect } from '@web/features/connected-accounts';
import { refreshReplies } from '@web/features/replies';
import { refreshRecentReplies } from '@web/features/scheduler-test/api/admin-tests';
import { POPUP_TOAST_MS, TEST_MESSAGES as M } from '@web/features/scheduler-test/messages';

export const REFRESH_POLL_MS = 2000;
export const REFRESH_MAX_ATTEMPTS = 30;
/** Failed status reads are tolerated this many times (a restart of the server, a dropped call). */
const ERRORS_TOLERATED = 10;

const openPopup = (url: string): boolean => {
  const left = Math.max(0, (window.screen.width - 800) / 2);
  const top = Math.max(0, (window.screen.height - 800) / 2);
  return window.open(url, 'riposte-x-reauth', `width=800,height=800,left=${left},top=${top}`) !== null;
};

export function useTokenRefresh(onRefreshed: () => void) {
  const [pending, setPending] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => void (gone.current = true);
  }, []);

  const poll = async (token: string) => {
    let errors = 0;
    for (let attempt = 1; attempt <= REFRESH_MAX_ATTEMPTS; attempt += 1) {
      await new Promise((r) => setTimeout(r, REFRESH_POLL_MS));
      if (gone.current) return;
      try {
        const s = await authStatus(token);
        if (s?.status === 'success') {
          toast(M.refreshed);
          setBlockedUrl(null);
          onRefreshed();
          await Promise.all([refreshAccounts(), refreshReplies(), refreshRecentReplies()]);
          return;
        }
        if (s?.status === 'error') {
          toast({ title: M.refreshError, description: s.message, variant: 'destructive' });
          return;
        }
      } catch (err) {
        errors += 1;
        if (errors > ERRORS_TOLERATED) {
          toast({ title: M.refreshError, description: errorMessage(err, 'Failed to check authentication status. Please try again.'), variant: 'destructive' });
          return;
        }
      }
    }
    toast({ ...M.refreshTimeout, variant: 'destructive' });
  };

  /** `accountId`: the account of the failed request, else the first connected account. */
  const refresh = async (accountId: string | undefined, accounts: readonly { id: string }[]) => {
    if (pending) return;
    if (accounts.length === 0) {
      toast({ ...M.noAccount, variant: 'destructive' });
      return;
    }
    const id = accountId ?? accounts[0]?.id;
    if (id === undefined || !accounts.some((a) => a.id === id)) {
      toast({ ...M.accountIdError, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      let start;
      try {
        start = await startDirectReconnect(id);
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, M.refreshStartFailed), variant: 'destructive' });
        return;
      }
      if (!start?.url || !start.token) {
        toast({ title: 'Error', description: M.refreshStartFailed, variant: 'destructive' });
        return;
      }
      if (openPopup(start.url)) setBlockedUrl(null);
      else {
        setBlockedUrl(start.url);
        toast({ ...M.popupBlocked, variant: 'destructive', duration: POPUP_TOAST_MS });
      }
      await poll(start.token);
    } finally {
      if (!gone.current) setPending(false);
    }
  };

  return { pending, blockedUrl, refresh };
}

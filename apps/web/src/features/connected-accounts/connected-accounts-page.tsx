// My X Accounts (spec part 2 §2): limit indicator, Connect X Account, Auto-Connect and Refresh,
// the accounts with Reconnect and Disconnect, the test tweet, the PIN dialog, the disconnect
// confirmation, the About section and the empty state. A popup that X sent back here (callback mode) tells its
// opener and closes itself.
import { useEffect, useRef, useState } from 'react';
import { Link2, RefreshCw, Wand2 } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { PageHeader } from '@web/components/page-header';
import { xAuthResultText } from '@core/x-accounts/auth-result';
import { errorMessage } from '@web/lib/api';
import { useConnectFlow } from './api/connect-flow';
import { MSG } from './api/messages';
import { autoConnectAccount, refreshAccounts, useConnectedAccounts, type ConnectedAccount } from './api/x-accounts';
import { DisconnectDialog } from './components/disconnect-dialog';
import { PinDialog } from './components/pin-dialog';
import { TestTweetCard } from './components/test-tweet-card';

function usePopupReturn() {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const status = params.get('x_auth');
    if (status === null) return;
    if (window.opener && window.opener !== window) {
      window.opener.postMessage({ type: 'riposte:x-auth', status }, window.location.origin);
      window.close();
      return;
    }
    // Only a code comes in the URL (anyone can craft one): its fixed text is shown.
    if (status === 'error') toast({ title: 'Authentication Failed', description: xAuthResultText(params.get('code')), variant: 'destructive' });
    window.history.replaceState(null, '', window.location.pathname);
  }, []);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && (e.data as { type?: string } | null)?.type === 'riposte:x-auth') void refreshAccounts();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}

function LimitIndicator({ used, limit, remaining }: { used: number; limit: number | null; remaining: number | null }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="x-account-limit">
      {limit === null ? `${used} connected · Unlimited accounts` : `${used} of ${limit} account${limit === 1 ? '' : 's'} used · ${remaining ?? 0} slot${remaining === 1 ? '' : 's'} left`}
    </p>
  );
}

function AccountCard({ account, onReconnect, onDisconnect }: { account: ConnectedAccount; onReconnect: () => void; onDisconnect: () => void }) {
  const authIssue = account.hasSecret === false;
  return (
    // On a phone the buttons take a row of their own, so the name keeps the card's width.
    <Card className="flex-row flex-wrap items-center gap-4 px-5" data-testid="x-account-card">
      {/* The initials stand in while the picture loads, and for good if it cannot be loaded. */}
      <Avatar className="size-12">
        {account.profileImageUrl && <AvatarImage src={account.profileImageUrl} alt="" />}
        <AvatarFallback className="font-semibold">{account.username.slice(0, 2).toUpperCase()}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold" data-testid="x-account-name">
          {account.displayName ?? account.username}
        </p>
        <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
          <span className="truncate">@{account.username}</span>
          {account.xPremium === true && (
            <Badge variant="info" title="Replies from this account may be up to 25,000 characters" data-testid="x-premium">
              X Premium
            </Badge>
          )}
        </p>
        {authIssue && <p className="text-sm text-destructive">Authentication issue: reconnect this account.</p>}
        {account.usedInSchedules && (
          <p className="text-xs text-muted-foreground">
            Used in {account.schedulesCount} schedule{account.schedulesCount === 1 ? '' : 's'}
          </p>
        )}
      </div>
      <div className="flex basis-full flex-wrap gap-2 sm:basis-auto">
        <Button variant="outline" size="sm" onClick={onReconnect}>
          Reconnect
        </Button>
        <Button variant="ghost" size="sm" onClick={onDisconnect}>
          Disconnect
        </Button>
      </div>
    </Card>
  );
}

export default function ConnectedAccountsPage() {
  usePopupReturn();
  const { data, error, isLoading } = useConnectedAccounts();
  const flow = useConnectFlow();
  const [disconnecting, setDisconnecting] = useState<ConnectedAccount | null>(null);
  const [autoBusy, setAutoBusy] = useState(false);
  const triedAuto = useRef(false);

  const accounts = data?.accounts ?? [];
  const noSlots = data !== undefined && data.remainingSlots !== null && data.remainingSlots <= 0;

  useEffect(() => {
    if (error && MSG.apiIssueKeywords.test(error.message)) {
      toast({ title: 'X API Connection Issue', description: error.message, variant: 'destructive', duration: 10_000 });
    }
  }, [error]);

  async function autoConnect(quietOnly: boolean) {
    setAutoBusy(true);
    try {
      const answer = await autoConnectAccount();
      if (answer?.success) {
        await refreshAccounts();
        if (!quietOnly) toast({ title: 'Auto-Connect', description: answer.message });
        return;
      }
      const message = answer?.message ?? '';
      const quiet = MSG.quietAutoConnect.some((q) => message.includes(q));
      if (!quiet || !quietOnly) toast({ title: 'Auto-Connect', description: quiet ? message : MSG.autoConnectFailed, variant: quiet ? 'default' : 'destructive' });
    } catch (err) {
      const message = errorMessage(err, '');
      if (!MSG.quietAutoConnect.some((q) => message.includes(q))) toast({ title: 'Auto-Connect Error', description: MSG.autoConnectFailed, variant: 'destructive' });
    } finally {
      setAutoBusy(false);
    }
  }

  // Spec §4: once, when loading finishes with no accounts, free slots and nothing else pending.
  useEffect(() => {
    if (triedAuto.current || isLoading || !data || accounts.length > 0 || noSlots || flow.pending || flow.pin) return;
    triedAuto.current = true;
    void autoConnect(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoading, data]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="My X Accounts"
        description="The X accounts Riposte posts your replies from."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void flow.connectWithPin()} disabled={noSlots || flow.pending}>
              <Link2 />
              {noSlots ? MSG.noSlots : 'Connect X Account'}
            </Button>
            <Button variant="outline" onClick={() => void autoConnect(false)} disabled={noSlots || autoBusy || flow.pending}>
              <Wand2 />
              Auto-Connect
            </Button>
            <Button variant="outline" onClick={() => void refreshAccounts()}>
              <RefreshCw />
              Refresh
            </Button>
          </div>
        }
      />
      {data && <LimitIndicator used={accounts.length} limit={data.accountLimit} remaining={data.remainingSlots} />}
      {flow.blockedUrl && (
        <Card className="gap-2 px-5" role="alert">
          <p className="text-sm">{MSG.popupBlocked}</p>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => void navigator.clipboard.writeText(flow.blockedUrl ?? '').then(() => toast({ title: 'Copied to clipboard' }))}>
            Copy Authorization URL
          </Button>
        </Card>
      )}
      {isLoading ? (
        <div className="grid gap-3" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : error ? (
        <Card className="gap-3 px-5" role="alert">
          <p>{error.message}</p>
          <Button variant="outline" className="w-fit" onClick={() => void refreshAccounts()}>
            Retry
          </Button>
        </Card>
      ) : accounts.length === 0 ? (
        <Card className="items-center gap-2 px-5 py-10 text-center" data-testid="x-accounts-empty">
          <p className="font-semibold">{MSG.empty}</p>
          <p className="text-sm text-muted-foreground">Connect an X account to schedule replies from it.</p>
        </Card>
      ) : (
        <div className="grid gap-3">
          {accounts.map((a) => (
            <AccountCard key={a.id} account={a} onReconnect={() => void flow.reconnect(a.id, a.username)} onDisconnect={() => setDisconnecting(a)} />
          ))}
        </div>
      )}
      {!isLoading && !error && accounts.length > 0 && <TestTweetCard accounts={accounts} />}
      <Card className="gap-2 px-5" data-testid="x-accounts-about">
        <h2 className="font-semibold">About connected accounts</h2>
        <p className="text-sm text-muted-foreground">
          Riposte posts replies from the X accounts you connect here. Connecting opens X in a window: authorise Riposte there and type the PIN X shows
          you. Your access tokens are stored encrypted and never shown. An account used by scheduled replies cannot be disconnected; reconnect it
          instead when X asks you to sign in again. Trial accounts can connect one X account; Premium has no limit.
        </p>
        <Button variant="link" className="w-fit px-0" onClick={() => void flow.connectDirect()} disabled={noSlots || flow.pending}>
          Connect without a PIN
        </Button>
      </Card>
      <PinDialog target={flow.pin} onClose={flow.closePin} onRestart={(t) => void flow.restart(t)} />
      <DisconnectDialog account={disconnecting} onClose={() => setDisconnecting(null)} onReconnect={(a) => void flow.reconnect(a.id, a.username)} />
    </div>
  );
}

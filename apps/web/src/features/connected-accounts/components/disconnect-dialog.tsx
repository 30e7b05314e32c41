// Disconnect confirmation (spec part 2 §4). An account that pending schedules post from cannot be
// disconnected: the dialog names those schedules (links to their pages) and offers to move them to
// another connected account or delete them, then disconnect; the spec's Reconnect stays the second
// choice. A refusal the list did not foresee (a schedule created meanwhile) shows the spec's
// message and refreshes the list in place.
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDateTime, useUserZone } from '@web/lib/time-format';
import { MSG } from '@web/features/connected-accounts/api/messages';
import {
  deleteSchedule,
  disconnectAccount,
  isAccountInUse,
  moveSchedule,
  refreshAccounts,
  refreshSchedulesAndAccounts,
  useConnectedAccounts,
  useSchedulesUsing,
  type ConnectedAccount,
} from '@web/features/connected-accounts/api/x-accounts';

type Props = { account: ConnectedAccount | null; onClose: () => void; onReconnect: (account: ConnectedAccount) => void };

export function DisconnectDialog({ account, onClose, onReconnect }: Props) {
  const [busy, setBusy] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const [refused, setRefused] = useState(false);
  /** What to do once the dialog has gone (Reconnect opens the PIN dialog: not while this one still closes). */
  const afterClose = useRef<(() => void) | null>(null);
  const zone = useUserZone();
  const using = useSchedulesUsing(account !== null && (account.usedInSchedules || refused) ? account.id : null);
  const { data: all } = useConnectedAccounts();
  const others = (all?.accounts ?? []).filter((a) => a.id !== account?.id && a.isActive);
  const blocking = using.schedules;
  const inUse = blocking.length > 0;

  const close = () => {
    setMoveTo('');
    setRefused(false);
    onClose();
  };

  async function confirm() {
    if (!account) return;
    setBusy(true);
    try {
      await disconnectAccount(account.id);
      toast({ title: 'X account disconnected', description: `@${account.username} was disconnected.` });
      close();
      await refreshAccounts();
    } catch (err) {
      if (isAccountInUse(err)) {
        setRefused(true);
        await refreshSchedulesAndAccounts();
      } else {
        toast({ title: 'Error', description: MSG.disconnectFailed, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  }

  /** Moves or deletes every blocking schedule; the list follows from the server's answers. */
  async function freeAccount(action: 'move' | 'delete') {
    setBusy(true);
    try {
      for (const s of blocking) {
        if (action === 'move') await moveSchedule(s.id, moveTo);
        else await deleteSchedule(s.id);
      }
      const target = others.find((a) => a.id === moveTo);
      toast({
        title: action === 'move' ? 'Schedules moved' : 'Schedules deleted',
        description: action === 'move' ? `They now post from @${target?.username ?? ''}.` : `${blocking.length === 1 ? '1 schedule' : `${blocking.length} schedules`} deleted.`,
      });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, MSG.disconnectFailed), variant: 'destructive' });
    } finally {
      await refreshSchedulesAndAccounts();
      setBusy(false);
    }
  }

  const count = blocking.length === 1 ? '1 scheduled reply' : `${blocking.length} scheduled replies`;

  return (
    <AlertDialog open={account !== null} onOpenChange={(open) => !open && !busy && close()}>
      <AlertDialogContent
        data-testid="disconnect-dialog"
        onCloseAutoFocus={() => {
          const next = afterClose.current;
          afterClose.current = null;
          next?.();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Disconnect X account</AlertDialogTitle>
          <AlertDialogDescription>
            {inUse
              ? `@${account?.username ?? ''} posts ${count}. Move them to another account or delete them, then disconnect.`
              : `Disconnect @${account?.username ?? ''}? Riposte will no longer post from it. You can connect it again later.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {inUse && (
          <div className="grid gap-3" data-testid="disconnect-in-use">
            {refused && (
              <p role="alert" className="text-sm text-destructive">
                {MSG.inUse}
              </p>
            )}
            <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border p-2 text-sm" aria-label={`Schedules posting from @${account?.username ?? ''}`}>
              {blocking.map((s) => (
                <li key={s.id} className="min-w-0">
                  <Link href={`/schedule-replies/${encodeURIComponent(s.id)}`} className="block truncate text-primary underline-offset-4 hover:underline">
                    Reply to @{s.targetUsername ?? 'unknown'}
                    {s.nextRunTime ? ` · next ${formatDateTime(s.nextRunTime, zone)}` : s.scheduleType === 'auto' ? ' · when they post' : ''}
                  </Link>
                </li>
              ))}
            </ul>
            {others.length > 0 && (
              <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
                <div className="grid gap-1.5">
                  <Label htmlFor="move-to">Move them to</Label>
                  <Select value={moveTo} onValueChange={setMoveTo} disabled={busy}>
                    <SelectTrigger id="move-to" aria-label="Move them to">
                      <SelectValue placeholder="Choose an account" />
                    </SelectTrigger>
                    <SelectContent>
                      {others.map((a) => (
                        <SelectItem key={a.id} value={a.id}>
                          @{a.username}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <Button variant="secondary" onClick={() => void freeAccount('move')} disabled={busy || moveTo === ''}>
                  Move {blocking.length === 1 ? 'it' : 'them'}
                </Button>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" className="text-destructive" onClick={() => void freeAccount('delete')} disabled={busy}>
                Delete {count}
              </Button>
              {account && (
                <Button
                  variant="outline"
                  onClick={() => {
                    afterClose.current = () => onReconnect(account);
                    close();
                  }}
                  disabled={busy}
                >
                  Reconnect instead
                </Button>
              )}
            </div>
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy || inUse || using.isLoading}>
            {busy ? 'Working...' : 'Disconnect'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

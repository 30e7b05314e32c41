// Disconnect confirmation (spec part 2 §4): ACCOUNT_IN_USE switches to reconnect after about 1 s.
import { useState } from 'react';
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
import { toast } from '@web/components/ui/use-toast';
import { MSG } from '@web/features/connected-accounts/api/messages';
import { disconnectAccount, isAccountInUse, refreshAccounts, type ConnectedAccount } from '@web/features/connected-accounts/api/x-accounts';

type Props = { account: ConnectedAccount | null; onClose: () => void; onReconnect: (account: ConnectedAccount) => void };

export function DisconnectDialog({ account, onClose, onReconnect }: Props) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!account) return;
    setBusy(true);
    try {
      await disconnectAccount(account.id);
      toast({ title: 'X account disconnected', description: `@${account.username} was disconnected.` });
      onClose();
      await refreshAccounts();
    } catch (err) {
      if (isAccountInUse(err)) {
        toast({ title: 'Account in use', description: MSG.inUse, variant: 'destructive' });
        onClose();
        setTimeout(() => onReconnect(account), 1000);
      } else {
        toast({ title: 'Error', description: MSG.disconnectFailed, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={account !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent data-testid="disconnect-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Disconnect X account</AlertDialogTitle>
          <AlertDialogDescription>
            Disconnect @{account?.username}? Riposte will no longer post from it. You can connect it again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

// Delete confirmation (spec part 2 §2): Cancel and Delete; Delete shows 'Deleting...' while pending.
import { useState } from 'react';
import type { AccountView } from '@core/monitoring/views';
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
import { Spinner } from '@web/components/ui/spinner';
import { deleteAccount } from '@web/features/monitored-accounts/api/accounts';

type Props = { account: AccountView | null; onClose: () => void };

export function DeleteAccountDialog({ account, onClose }: Props) {
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!account) return;
    setPending(true);
    try {
      await deleteAccount(account);
      onClose();
    } catch {
      // The action's toast said why; the dialog stays so the user can retry or cancel.
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog open={account !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent data-testid="delete-account-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Account</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to stop monitoring @{account?.username}? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* A plain button: Radix's Action would close the dialog before the delete finished. */}
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending}>
            {pending && <Spinner />}
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

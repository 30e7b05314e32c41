// The delete confirmation of spec part 2 §2, one for every feature: Cancel and Delete; Delete shows
// 'Deleting...' and the dialog cannot be dismissed while the call runs; on failure the action's
// toast says why and the dialog stays, so the user can retry or cancel.
import { useState, type ReactNode } from 'react';
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

type Props<T> = {
  /** What is being deleted; null keeps the dialog closed. */
  target: T | null;
  title: string;
  description: ReactNode;
  onDelete: (target: T) => Promise<unknown>;
  onClose: () => void;
  testId?: string;
};

export function ConfirmDeleteDialog<T>({ target, title, description, onDelete, onClose, testId }: Props<T>) {
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (target === null) return;
    setPending(true);
    try {
      await onDelete(target);
      onClose();
    } catch {
      // The action's toast said why.
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent data-testid={testId}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
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

// 'Delete Template' confirmation (spec part 2 §2): Cancel and Delete, Delete shows 'Deleting...'.
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
import { Spinner } from '@web/components/ui/spinner';
import { deleteTemplate, type Template } from '@web/features/templates/api/templates';

type Props = { template: Template | null; onClose: () => void };

export function DeleteTemplateDialog({ template, onClose }: Props) {
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!template) return;
    setPending(true);
    try {
      await deleteTemplate(template.id);
      onClose();
    } catch {
      // The action's toast said why; the dialog stays so the user can retry or cancel.
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog open={template !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent data-testid="delete-template-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Template</AlertDialogTitle>
          <AlertDialogDescription>Are you sure you want to delete this template? This action cannot be undone.</AlertDialogDescription>
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

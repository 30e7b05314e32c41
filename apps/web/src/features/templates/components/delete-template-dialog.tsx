// 'Delete Template' confirmation (spec part 2 §2).
import { ConfirmDeleteDialog } from '@web/components/confirm-delete-dialog';
import { deleteTemplate, type Template } from '@web/features/templates/api/templates';

type Props = { template: Template | null; onClose: () => void };

export function DeleteTemplateDialog({ template, onClose }: Props) {
  return (
    <ConfirmDeleteDialog
      target={template}
      title="Delete Template"
      description="Are you sure you want to delete this template? This action cannot be undone."
      onDelete={(t) => deleteTemplate(t.id)}
      onClose={onClose}
      testId="delete-template-dialog"
    />
  );
}

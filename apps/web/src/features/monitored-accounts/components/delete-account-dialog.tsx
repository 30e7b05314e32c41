// Delete confirmation for a monitored account (spec part 2 §2).
import type { AccountView } from '@core/monitoring/views';
import { ConfirmDeleteDialog } from '@web/components/confirm-delete-dialog';
import { deleteAccount } from '@web/features/monitored-accounts/api/accounts';

type Props = { account: AccountView | null; onClose: () => void };

export function DeleteAccountDialog({ account, onClose }: Props) {
  return (
    <ConfirmDeleteDialog
      target={account}
      title="Delete Account"
      description={`Are you sure you want to stop monitoring @${account?.username ?? ''}? This action cannot be undone.`}
      onDelete={deleteAccount}
      onClose={onClose}
      testId="delete-account-dialog"
    />
  );
}

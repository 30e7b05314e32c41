// The Monitored Accounts screen (spec part 2 §2): a card grid of the accounts this user sees, the
// Add Account dialog for those who may add (admins, legacy users, users an admin allowed, Premium users), edit
// and delete for admins, Legacy Access where the server has legacy mode on, and the Account
// Activity Overview. What is offered follows GET /api/accounts/access; the server enforces it.
import { useState } from 'react';
import { KeyRound, Plus, RefreshCw, Search, Users } from 'lucide-react';
import type { AccountView } from '@core/monitoring/views';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAuth } from '@web/lib/auth';
import { PageHeader } from '@web/components/page-header';
import { approveAccount, loadErrorMessage, useAccountActivity, useAccounts, useAccountsAccess } from '@web/features/monitored-accounts/api/accounts';
import { searchAccounts } from '@web/features/monitored-accounts/account-search';
import { AccountCard } from '@web/features/monitored-accounts/components/account-card';
import { AccountFormDialog } from '@web/features/monitored-accounts/components/account-form-dialog';
import { ActivityTable } from '@web/features/monitored-accounts/components/activity-table';
import { DeleteAccountDialog } from '@web/features/monitored-accounts/components/delete-account-dialog';
import { LegacyAccessDialog } from '@web/features/monitored-accounts/components/legacy-access-dialog';

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

function LoadingGrid() {
  return (
    <div className={GRID} data-testid="accounts-loading" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="gap-3 px-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-12 w-full" />
        </Card>
      ))}
    </div>
  );
}

export default function AccountsPage() {
  const { user } = useAuth();
  const { data: accounts, error, isLoading, mutate: reload } = useAccounts();
  const { data: access } = useAccountsAccess();
  const activity = useAccountActivity();
  // A fresh key per opening remounts the dialog, so it starts from the right values.
  const [dialog, setDialog] = useState<{ account: AccountView | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<AccountView | null>(null);
  const [legacyOpen, setLegacyOpen] = useState(false);
  const [query, setQuery] = useState('');
  const shown = accounts === undefined ? [] : searchAccounts(accounts, query);
  const isAdmin = access?.canEdit ?? false;

  const retry = () => {
    void reload();
    void activity.mutate();
  };

  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page on phones.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <PageHeader
          title="Monitored Accounts"
          description="The X accounts whose new posts Riposte watches, so your replies land early."
          actions={
            <>
              {access?.legacyMode.enabled && (
                <Button variant="outline" onClick={() => setLegacyOpen(true)}>
                  <KeyRound />
                  Legacy Access
                </Button>
              )}
              {access?.canAdd && (
                <Button onClick={() => setDialog({ account: null, key: Date.now() })}>
                  <Plus />
                  Add Account
                </Button>
              )}
            </>
          }
        />

        {error ? (
          <Card className="items-center gap-3 px-6 py-10 text-center" role="alert" data-testid="accounts-error">
            <p className="font-medium">{loadErrorMessage(error)}</p>
            <Button variant="outline" onClick={retry}>
              <RefreshCw />
              Retry
            </Button>
          </Card>
        ) : isLoading || !accounts ? (
          <LoadingGrid />
        ) : accounts.length === 0 ? (
          <Card className="items-center gap-3 border-dashed px-6 py-12 text-center" data-testid="accounts-empty">
            <Users className="size-10 text-muted-foreground" />
            <p className="text-lg font-medium">No monitored accounts</p>
            <p className="text-sm text-muted-foreground">Accounts you may see will show up here.</p>
            <Button variant="outline" onClick={retry}>
              <RefreshCw />
              Retry
            </Button>
          </Card>
        ) : (
          <>
            <div className="relative max-w-sm">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                type="search"
                aria-label="Search accounts"
                placeholder="Search by name, @handle or bio"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                className="pl-9"
              />
            </div>
            <p className="sr-only" role="status">
              {query.trim() === '' ? '' : `${shown.length} of ${accounts.length} accounts`}
            </p>
            {shown.length === 0 ? (
              <Card className="items-center gap-2 border-dashed px-6 py-10 text-center" data-testid="accounts-no-match">
                <p className="font-medium">No account matches '{query.trim()}'</p>
                <Button variant="outline" onClick={() => setQuery('')}>
                  Clear search
                </Button>
              </Card>
            ) : (
              <div className={GRID} data-testid="accounts-grid">
                {shown.map((a) => (
                  <AccountCard
                    key={a.id}
                    account={a}
                    isAdmin={isAdmin}
                    mine={user !== null && a.userId === user.id}
                    {...(access?.canEdit ? { onEdit: () => setDialog({ account: a, key: Date.now() }) } : {})}
                    {...(access?.canDelete ? { onDelete: () => setDeleting(a) } : {})}
                    {...(isAdmin && a.approval === 'pending' ? { onApprove: () => void approveAccount(a).catch(() => undefined) } : {})}
                  />
                ))}
              </div>
            )}
          </>
        )}
      </div>

      <ActivityTable rows={activity.data} error={activity.error} />

      {dialog && <AccountFormDialog key={dialog.key} account={dialog.account} isAdmin={isAdmin} onClose={() => setDialog(null)} />}
      <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />
      {legacyOpen && <LegacyAccessDialog onClose={() => setLegacyOpen(false)} />}
    </div>
  );
}

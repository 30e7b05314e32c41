// One monitored account (spec part 2 §2, §6): picture or initials, name, @username, bio, whether
// it is monitored or paused, its tier, and for admins the visibility badges (Admin Only, Hidden
// from Normal, Hidden from Legacy) with edit and delete buttons. An account a non-admin added is
// marked 'Pending approval' (its adder and admins alone see it) and admins get an Approve button.
import { Check, Clock, Pencil, Trash2 } from 'lucide-react';
import { TIER_LABELS } from '@core/monitoring/tiers';
import type { AccountView } from '@core/monitoring/views';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { AccountAvatar } from '@web/features/monitored-accounts/components/account-avatar';

type Props = {
  account: AccountView;
  isAdmin: boolean;
  mine: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
  onApprove?: () => void;
};

export function AccountCard({ account, isAdmin, mine, onEdit, onDelete, onApprove }: Props) {
  const pending = account.approval === 'pending';
  return (
    <Card data-testid="account-card" data-username={account.username} className={cn('min-w-0 gap-3', !account.isMonitored && 'opacity-70')}>
      <CardHeader className="grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-3">
        <AccountAvatar account={account} />
        <div className="min-w-0">
          <CardTitle className="truncate text-base" title={account.displayName}>
            {account.displayName}
          </CardTitle>
          <a
            href={`https://x.com/${encodeURIComponent(account.username)}`}
            target="_blank"
            rel="noreferrer noopener"
            className="block truncate text-sm text-muted-foreground hover:underline"
          >
            @{account.username}
          </a>
        </div>
        {(onEdit || onDelete) && (
          <div className="flex shrink-0 items-center gap-1">
            {onEdit && (
              <Button variant="ghost" size="icon-sm" onClick={onEdit} aria-label={`Edit @${account.username}`}>
                <Pencil />
              </Button>
            )}
            {onDelete && (
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={onDelete}
                aria-label={`Delete @${account.username}`}
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <Trash2 />
              </Button>
            )}
          </div>
        )}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={account.isMonitored ? 'success' : 'secondary'}>{account.isMonitored ? 'Monitoring' : 'Paused'}</Badge>
          <Badge variant="outline" title={`Checked every ${account.monitoringInterval} min`}>
            <Clock />
            {TIER_LABELS[account.monitoringTier]} · {account.monitoringInterval} min
          </Badge>
          {account.addedByOwner && <Badge variant="info">Legacy</Badge>}
          {mine && !account.addedByOwner && <Badge variant="info">Added by you</Badge>}
          {account.userOnly && <Badge variant="outline">Only you</Badge>}
          {pending && (
            <Badge variant="warning" title="Only the user who added it and admins see it until an admin approves it.">
              Pending approval
            </Badge>
          )}
          {isAdmin && account.adminOnly && <Badge variant="admin">Admin Only</Badge>}
          {isAdmin && !account.adminOnly && !account.visibleToNormal && <Badge variant="warning">Hidden from Normal</Badge>}
          {isAdmin && !account.adminOnly && !account.visibleToLegacy && <Badge variant="warning">Hidden from Legacy</Badge>}
          {account.xUserId === null && (
            <Badge variant="outline" title="Riposte could not ask X for this account's id yet; it will try again.">
              X id pending
            </Badge>
          )}
        </div>
        {account.bio && <p className="line-clamp-3 text-sm text-muted-foreground">{account.bio}</p>}
        {pending && onApprove && (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onApprove} aria-label={`Approve @${account.username}`}>
            <Check />
            Approve
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

// Account Tiers (spec part 2 §4, §9): each monitored account with its tier and a button per tier;
// the buttons stay disabled until this session passed the X Admin step-up, and the current
// tier's button stays disabled.
import { useState } from 'react';
import { MONITORING_TIERS, TIER_LABELS, type MonitoringTier } from '@core/monitoring/tiers';
import { POLLING_MESSAGES } from '@core/polling/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { updateAccountTier, useAdminAccounts, type AccountView } from '@web/features/polling/api/polling';
import { useXAdminVerified } from '@web/features/polling/x-admin-store';

function AccountRow({ account, verified }: { account: AccountView; verified: boolean }) {
  const [busy, setBusy] = useState<MonitoringTier | null>(null);
  const choose = async (tier: MonitoringTier) => {
    setBusy(tier);
    await updateAccountTier(account, tier);
    setBusy(null);
  };
  return (
    <li className="flex flex-col gap-3 border-b py-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between" data-testid={`account-tier-${account.username}`}>
      <div className="flex min-w-0 items-center gap-3">
        <Avatar className="size-10">
          {account.profilePicture && <AvatarImage src={account.profilePicture} alt="" />}
          <AvatarFallback>{account.username.slice(0, 2).toUpperCase()}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate font-medium">{account.displayName}</p>
          <p className="truncate text-sm text-muted-foreground">@{account.username}</p>
        </div>
        <Badge variant="outline" data-testid="current-tier">
          {TIER_LABELS[account.monitoringTier]}
        </Badge>
      </div>
      <div className="flex gap-2" role="group" aria-label={`Tier of @${account.username}`}>
        {MONITORING_TIERS.map((tier) => (
          <Button
            key={tier}
            size="sm"
            variant={account.monitoringTier === tier ? 'default' : 'outline'}
            disabled={!verified || busy !== null || account.monitoringTier === tier}
            aria-pressed={account.monitoringTier === tier}
            onClick={() => void choose(tier)}
          >
            {TIER_LABELS[tier]}
          </Button>
        ))}
      </div>
    </li>
  );
}

export function AccountTiers() {
  const { data, error } = useAdminAccounts();
  const verified = useXAdminVerified();
  if (error !== undefined && data === undefined) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{error.message}</AlertDescription>
      </Alert>
    );
  }
  if (data === undefined) return <Skeleton className="h-48 w-full" />;
  if (data.length === 0) return <p className="py-10 text-center text-muted-foreground">{POLLING_MESSAGES.noAccounts}</p>;
  return (
    <Card className="py-0">
      <CardContent className="px-4 sm:px-6">
        {!verified && <p className="pt-4 text-sm text-muted-foreground">Verify X Admin to change tiers.</p>}
        <ul>
          {data.map((a) => (
            <AccountRow key={a.id} account={a} verified={verified} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

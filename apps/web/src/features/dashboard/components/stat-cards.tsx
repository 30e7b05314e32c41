import { Eye, MessageSquareReply, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { MetricsOverview } from '@web/features/dashboard/api/dashboard-queries';

type Stat = { label: string; hint: string; icon: LucideIcon; tint: string; value: (m: MetricsOverview) => string };

const number = new Intl.NumberFormat('en-US');

const stats: Stat[] = [
  { label: 'Impressions Today', hint: 'Potential eyes on your content', icon: Eye, tint: 'bg-sky-50 text-sky-600', value: (m) => number.format(m.impressionsToday) },
  { label: 'Replies Sent', hint: 'Total replies sent', icon: MessageSquareReply, tint: 'bg-indigo-50 text-indigo-600', value: (m) => number.format(m.repliesSent) },
  { label: 'Monitored Accounts', hint: 'Accounts being tracked', icon: Users, tint: 'bg-violet-50 text-violet-600', value: (m) => number.format(m.monitoredAccounts) },
  { label: 'Engagement Rate', hint: 'Average engagement with your replies', icon: TrendingUp, tint: 'bg-emerald-50 text-emerald-600', value: (m) => `${m.engagementRate.toFixed(1)}%` },
];

export function StatCards({ metrics, error }: { metrics: MetricsOverview | undefined; error: Error | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {stats.map(({ label, hint, icon: Icon, tint, value }) => (
        <Card key={label} className="gap-2 px-4 py-4 sm:gap-3 sm:px-5 sm:py-5" data-testid="stat-card">
          <div className="flex min-h-9 items-start justify-between gap-2">
            <span className="line-clamp-2 text-xs font-medium leading-snug text-muted-foreground sm:text-sm">{label}</span>
            <span className={`hidden size-9 shrink-0 place-items-center rounded-lg sm:grid ${tint}`}>
              <Icon className="size-[18px]" />
            </span>
          </div>
          {metrics ? (
            <span className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{value(metrics)}</span>
          ) : error ? (
            <span className="text-3xl font-semibold text-muted-foreground" title={error.message}>
              —
            </span>
          ) : (
            <Skeleton className="h-9 w-20" />
          )}
          <span className="text-xs text-muted-foreground">{hint}</span>
        </Card>
      ))}
    </div>
  );
}

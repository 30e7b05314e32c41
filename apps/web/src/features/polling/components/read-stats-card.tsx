// 'X reads today': what the watcher asked X for today (UTC) and what X will bill for it.
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePollingStats } from '@web/features/polling/api/polling-stats';

const count = (n: number) => n.toLocaleString('en-US');

export function ReadStatsCard() {
  const { data, error } = usePollingStats();
  if (data === undefined) {
    if (error !== undefined) return <p className="text-sm text-muted-foreground">X reads could not be loaded.</p>;
    return <Skeleton className="h-14 w-full" />;
  }
  const { today, days } = data;
  const month = days.reduce((sum, d) => sum + d.estimatedUsd, 0);
  return (
    <Card className="py-0" data-testid="x-reads-today">
      <CardContent className="px-4 py-3 sm:px-6 text-sm">
        <p className="font-medium">
          X reads today: <span data-testid="x-reads-requests">{count(today.requests)}</span> requests,{' '}
          <span data-testid="x-reads-posts">{count(today.posts)}</span> posts, est.{' '}
          <span data-testid="x-reads-spend">${today.estimatedUsd.toFixed(2)}</span>
        </p>
        <p className="text-muted-foreground">
          Last 30 days: est. ${month.toFixed(2)} (X bills ${data.usdPerPost} per post returned; empty answers are free). UTC days.
        </p>
      </CardContent>
    </Card>
  );
}

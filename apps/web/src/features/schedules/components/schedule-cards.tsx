// The Schedules table as cards on phones (under 640 px): the same columns, stacked, so nothing needs
// sideways scrolling; admins open the same details.
import { useState } from 'react';
import { ChevronDown, ChevronRight, ListTree, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { ScheduleView } from '@core/scheduling/views';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { isPending } from '@web/features/schedule-forms/schedule-view';
import { formatDateTime } from '@web/features/schedule-forms/time-format';
import { kindBadge, shownTime, sourceLabel, statusBadge } from '../schedule-display';
import { ScheduleDetails } from './schedule-details';

type Props = {
  schedules: ScheduleView[];
  zone: string;
  isAdmin: boolean;
  onDelete: (s: ScheduleView) => void;
};

function Card({ s, zone, isAdmin, onDelete }: { s: ScheduleView; zone: string; isAdmin: boolean; onDelete: (s: ScheduleView) => void }) {
  const [open, setOpen] = useState(false);
  const status = statusBadge(s);
  const kind = kindBadge(s);
  const shown = shownTime(s);
  const target = s.targetUsername ?? s.conditions.targetAccount ?? 'unknown';
  return (
    <li className="grid gap-2 border-b p-4 last:border-b-0" data-testid="schedule-card" data-schedule-id={s.id}>
      <div className="flex items-start justify-between gap-2">
        <span className="flex flex-wrap gap-1">
          <Badge variant={status.tone}>{status.label}</Badge>
          {kind && (
            <Badge variant="outline" className="capitalize">
              {kind}
            </Badge>
          )}
        </span>
        <span className="-mt-1 -mr-2 flex shrink-0">
          <Button variant="ghost" size="icon-sm" asChild>
            <Link href={`/schedule-replies/${encodeURIComponent(s.id)}`} aria-label={`Replies of the schedule for @${target}`} title="Replies">
              <ListTree />
            </Link>
          </Button>
          {isPending(s) && (
            <Button variant="ghost" size="icon-sm" aria-label={`Delete schedule for @${target}`} title="Delete" onClick={() => onDelete(s)}>
              <Trash2 />
            </Button>
          )}
        </span>
      </div>
      <p className="text-sm">
        <span className="font-medium tabular-nums">{shown.at ? formatDateTime(shown.at, zone) : shown.kind === 'waiting' ? 'When the account posts' : '—'}</span>
        {shown.at && <span className="text-muted-foreground"> · {shown.kind === 'next' ? 'next run' : 'last run'}</span>}
      </p>
      <p className="min-w-0 text-sm break-words">
        <span className="font-medium">@{target}</span>
        {s.accountName && <span className="text-muted-foreground"> from @{s.accountName}</span>}
        <span className="text-muted-foreground"> · {sourceLabel(s)}</span>
      </p>
      {isAdmin && (
        <div className="grid gap-2">
          <Button variant="ghost" size="sm" className="justify-self-start px-1" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? <ChevronDown /> : <ChevronRight />}
            {open ? 'Hide details' : 'Show details'}
          </Button>
          {open && <ScheduleDetails s={s} zone={zone} />}
        </div>
      )}
    </li>
  );
}

export function ScheduleCards({ schedules, zone, isAdmin, onDelete }: Props) {
  return (
    <ul className="grid" data-testid="schedule-cards" aria-label="Scheduled replies">
      {schedules.map((s) => (
        <Card key={s.id} s={s} zone={zone} isAdmin={isAdmin} onDelete={onDelete} />
      ))}
    </ul>
  );
}

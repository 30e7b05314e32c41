// The Schedules table as cards on phones (under 640 px): the same columns, stacked, so nothing needs
// sideways scrolling; admins open the same details.
import { useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { ScheduleView } from '@core/scheduling/views';
import { Button } from '@web/components/ui/button';
import { RunState } from '@web/components/run-state';
import { useNow } from '@web/hooks/use-now';
import { isLate } from '@core/scheduling/run-state';
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

function Card({ s, zone, isAdmin, onDelete }: { s: ScheduleView; zone: string; isAdmin: boolean; onDelete: (s: ScheduleView) => void }) {
  // One clock for the card: its state and its 'was due' agree.
  const now = useNow();
  const [open, setOpen] = useState(false);
  const shown = shownTime(s);
  const target = targetOf(s);
  return (
    <li className="grid gap-2 border-b p-4 last:border-b-0" data-testid="schedule-card" data-schedule-id={s.id}>
      <div className="flex items-start justify-between gap-2">
        <span className="grid gap-1">
          <ScheduleBadges s={s} />
          <RunState facts={s} zone={zone} now={now} compact />
        </span>
        <ScheduleActions s={s} onDelete={onDelete} className="-mt-1 -mr-2 flex shrink-0" />
      </div>
      <p className="text-sm">
        <span className="font-medium tabular-nums">{shown.at ? formatDateTime(shown.at, zone) : shown.kind === 'waiting' ? 'When the account posts' : '—'}</span>
        {shown.at && <span className="text-muted-foreground"> · {shown.kind === 'next' ? (isLate(s, now.getTime()) ? 'was due' : 'next run') : 'last run'}</span>}
      </p>
      <p className="min-w-0 text-sm break-words">
        <span className="font-medium">@{target}</span>
        {s.accountName && <span className="text-muted-foreground"> from @{s.accountName}</span>}
        <span className="text-muted-foreground"> · {sourceLabel(s)}</span>
      </p>
      <p className="text-xs text-muted-foreground" data-testid="schedule-target-post">
        Answers: {s.targetPost.words}
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

// What the table and the phone cards both show of a schedule: its status badges, and its actions
// (its replies, edit and pause or resume while it has runs ahead, and delete while pending).
import { ListTree, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { ScheduleView } from '@core/scheduling/views';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { isPending } from '@web/features/schedules/schedule-view';
import { kindBadge, statusBadge } from '@web/features/schedules/schedule-display';
import { ScheduleEditActions } from '@web/features/schedules/edit/schedule-edit-actions';

export const targetOf = (s: ScheduleView): string => s.targetUsername ?? s.conditions.targetAccount ?? 'unknown';

export function ScheduleActions({ s, onDelete, className }: { s: ScheduleView; onDelete: (s: ScheduleView) => void; className?: string }) {
  const target = targetOf(s);
  return (
    <span className={className}>
      <Button variant="ghost" size="icon-sm" asChild>
        <Link href={`/schedule-replies/${encodeURIComponent(s.id)}`} aria-label={`Replies of the schedule for @${target}`} title="Replies">
          <ListTree />
        </Link>
      </Button>
      <ScheduleEditActions s={s} compact />
      {isPending(s) && (
        <Button variant="ghost" size="icon-sm" aria-label={`Delete schedule for @${target}`} title="Delete" onClick={() => onDelete(s)}>
          <Trash2 />
        </Button>
      )}
    </span>
  );
}

/** Pending / Executed / Inactive, and the daily, weekly, monthly or Auto badge. */
export function ScheduleBadges({ s }: { s: ScheduleView }) {
  const status = statusBadge(s);
  const kind = kindBadge(s);
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={status.tone}>{status.label}</Badge>
      {kind && (
        <Badge variant="outline" className="capitalize">
          {kind}
        </Badge>
      )}
    </span>
  );
}

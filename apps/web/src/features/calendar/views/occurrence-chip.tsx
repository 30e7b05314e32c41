// One scheduled reply on the calendar: a compact chip that opens its details, with Edit, Pause or
// Resume, and Delete for a pending schedule (after confirmation). A one-time reply's chip can be
// dragged to another day or slot (move.ts).
import { useState } from 'react';
import { ImageIcon, Repeat, Sparkles } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { RunState, useRunState } from '@web/components/run-state';
import { useNow } from '@web/hooks/use-now';
import { deleteSchedule, contentSummary, isPending, peakLabel, recurrenceLabel, ScheduleEditActions, statusBadge, styleLabel } from '@web/features/schedules';
import { isMovable, startDrag } from '@web/features/calendar/move';
import { formatDateTime, formatTimeOfDay } from '@web/lib/time-format';
import type { Occurrence } from '@web/features/calendar/occurrences';

const target = (o: Occurrence) => o.schedule.targetUsername ?? o.schedule.conditions?.targetAccount ?? 'unknown';

/** `narrow`: a cell of the week or month grid (time and name only); `showTime` false where a time column is beside it. */
export function OccurrenceChip({ o, zone, narrow = false, showTime = true }: { o: Occurrence; zone: string; narrow?: boolean; showTime?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const s = o.schedule;
  const at = new Date(o.at).toISOString();
  const recurrence = recurrenceLabel(s);
  const now = useNow();
  const state = useRunState(s, now);
  // The chip of the next run says when it is late; the chip of the last run says how it ended.
  const late = o.kind === 'next' && state.next.kind === 'late';
  const ended = o.kind === 'executed' && state.last !== null ? state.last : null;
  const troubled = late || (ended !== null && ended.variant !== 'success');
  const movable = isMovable(o);
  const status = statusBadge(s);
  const stateWord = s.status === 'paused' ? ' (paused)' : late ? ' (late)' : ended !== null ? ` (${ended.label.toLowerCase()})` : o.kind === 'executed' ? ' (sent)' : '';

  async function remove() {
    setDeleting(true);
    try {
      await deleteSchedule(s.id);
      setOpen(false);
    } catch {
      // The toast said why.
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        draggable={movable}
        onDragStart={movable ? (e) => startDrag(e, o) : undefined}
        data-schedule-id={s.id}
        data-testid="calendar-entry"
        className={cn(
          'flex w-full min-w-0 items-center gap-1.5 overflow-hidden rounded-md border px-2 py-1 text-left text-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          troubled
            ? 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100'
            : o.kind === 'executed'
              ? 'border-emerald-200 bg-emerald-50 text-emerald-900 hover:bg-emerald-100'
              : 'border-indigo-200 bg-indigo-50 text-indigo-900 hover:bg-indigo-100',
          o.kind === 'repeat' && 'border-dashed',
          movable && 'cursor-grab active:cursor-grabbing',
          s.status === 'paused' && 'opacity-60',
        )}
        aria-label={`${formatDateTime(at, zone)}: reply to @${target(o)}${stateWord}`}
        data-state={late ? 'late' : (ended?.label ?? o.kind)}
        title={`@${target(o)}: ${contentSummary(s)}`}
      >
        {showTime && <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">{formatTimeOfDay(at, zone)}</span>}
        {!narrow && <span className={cn('min-w-0 truncate', !showTime && 'font-medium')}>@{target(o)}</span>}
        {!narrow && s.isRecurring && <Repeat className="size-3 shrink-0 opacity-70" />}
        {!narrow && s.useAI && <Sparkles className="size-3 shrink-0 opacity-70" />}
      </button>
      <Dialog open={open} onOpenChange={(v) => !deleting && setOpen(v)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Reply to @{target(o)}</DialogTitle>
            <DialogDescription>
              {o.kind === 'executed' ? 'Ran' : late ? 'Was due' : 'Goes out'} {formatDateTime(at, zone)}
              {s.accountName ? ` from @${s.accountName}` : ''}
            </DialogDescription>
          </DialogHeader>
          <p className="rounded-lg bg-muted/60 p-3 text-sm break-words whitespace-pre-wrap">{contentSummary(s) || '—'}</p>
          <RunState facts={s} zone={zone} now={now} />
          <div className="flex flex-wrap gap-1.5">
            <Badge variant={status.tone}>{status.label}</Badge>
            {peakLabel(s) && <Badge variant="outline">{peakLabel(s)}</Badge>}
            {recurrence && (
              <Badge variant="outline">
                <Repeat />
                {recurrence}
              </Badge>
            )}
            {s.useAI && (
              <Badge variant="admin">
                <Sparkles />
                {styleLabel(s.viralStyle) ?? 'AI'}
              </Badge>
            )}
            {s.imageUrl && (
              <Badge variant="outline">
                <ImageIcon />
                Image
              </Badge>
            )}
          </div>
          {confirming && <p className="text-sm text-destructive">Delete this scheduled reply{s.isRecurring ? ' and all its repeats' : ''}? This action cannot be undone.</p>}
          <DialogFooter className="flex-wrap">
            {!confirming && <ScheduleEditActions s={s} />}
            {isPending(s) &&
              (confirming ? (
                <>
                  <Button variant="outline" onClick={() => setConfirming(false)} disabled={deleting}>
                    Cancel
                  </Button>
                  <Button variant="destructive" onClick={() => void remove()} disabled={deleting}>
                    {deleting && <Spinner />}
                    {deleting ? 'Deleting...' : 'Delete'}
                  </Button>
                </>
              ) : (
                <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
                  Delete schedule
                </Button>
              ))}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

// Edit, Pause and Resume of one schedule, wherever it is shown: the Schedules list (icons), its own
// page and the calendar (labelled buttons). A schedule can change while it has runs ahead: pending
// or paused, not once it ran for good or was switched off.
import { useState } from 'react';
import { Pause, Pencil, Play } from 'lucide-react';
import type { ScheduleView } from '@core/scheduling/views';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useChangedElsewhere } from '@web/components/changed-elsewhere';
import { setSchedulePaused, storeSchedule } from '@web/features/schedules/api/schedules';
import { isPending } from '@web/features/schedules/schedule-view';
import { EditScheduleDialog } from './edit-schedule-dialog';

export const isEditable = (s: ScheduleView): boolean => s.status === 'paused' || (s.status === 'pending' && isPending(s));

const targetOf = (s: ScheduleView): string => s.targetUsername ?? s.conditions.targetAccount ?? 'unknown';

/** `compact`: icon buttons (the list's rows and cards). */
export function ScheduleEditActions({ s, compact = false }: { s: ScheduleView; compact?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const conflict = useChangedElsewhere();
  if (!isEditable(s)) return null;
  const paused = s.status === 'paused';
  const target = targetOf(s);

  // Based on the schedule as shown: a single read of it carries its revision (its page), so a
  // change made elsewhere is asked about there; a list's row carries none and pauses as it is.
  const toggle = async () => {
    setBusy(true);
    try {
      await conflict.save(s, (basedOn) => setSchedulePaused(s.id, !paused, basedOn), { saved: () => undefined, reload: (current) => void storeSchedule(current) });
    } catch {
      // The action's toast said why.
    } finally {
      setBusy(false);
    }
  };

  const PauseIcon = paused ? Play : Pause;
  const pauseLabel = paused ? 'Resume' : 'Pause';
  return (
    <>
      {compact ? (
        <>
          <Button variant="ghost" size="icon-sm" aria-label={`Edit schedule for @${target}`} title="Edit" onClick={() => setEditing(true)}>
            <Pencil />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label={`${pauseLabel} schedule for @${target}`} title={pauseLabel} onClick={() => void toggle()} disabled={busy}>
            {busy ? <Spinner /> : <PauseIcon />}
          </Button>
        </>
      ) : (
        <>
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil />
            Edit
          </Button>
          <Button variant="outline" onClick={() => void toggle()} disabled={busy}>
            {busy ? <Spinner /> : <PauseIcon />}
            {pauseLabel}
          </Button>
        </>
      )}
      {editing && <EditScheduleDialog schedule={s} onClose={() => setEditing(false)} />}
      {conflict.dialog}
    </>
  );
}

// Moving a reply on the calendar by dragging it to another day or time slot (HTML drag and drop):
// what may be dragged, where a drop puts it, and the move itself. A one-time reply's next run moves
// to the drop's day at its own time of day (or at the slot's time, dropped on a slot); it becomes a
// reply at that exact time. Repeats follow their rule and move with an edit of the rule instead.
import { useState, type DragEvent } from 'react';
import { mutate } from 'swr';
import { oneTimeInstant, parseDate, timeFromMinutes } from '@core/scheduling/time';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { editSchedule, isEditable, movedTo, SCHEDULES_KEY, type ScheduleItem } from '@web/features/schedules';
import { errorMessage } from '@web/lib/api';
import type { Occurrence } from './occurrences';

/** The drag's data type: only our chips' drags are taken by the calendar's cells. */
export const DRAG_TYPE = 'application/x-riposte-schedule';

type Dragged = { id: string; minuteOfDay: number };

export const isMovable = (o: Occurrence): boolean =>
  o.kind === 'next' && isEditable(o.schedule) && !o.schedule.isRecurring && (o.schedule.scheduleType === 'scheduled' || o.schedule.scheduleType === 'peak_window');

/** The chip's drag start: what the drop needs to know. */
export const startDrag = (e: DragEvent, o: Occurrence): void => {
  e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: o.schedule.id, minuteOfDay: o.minuteOfDay } satisfies Dragged));
  e.dataTransfer.effectAllowed = 'move';
};

/** The instant a drop on `day` ('YYYY-MM-DD' in `zone`) at `minuteOfDay` means. */
export const dropInstant = (day: string, minuteOfDay: number, zone: string): string | null => {
  const date = parseDate(day);
  return date === null ? null : new Date(oneTimeInstant(date, timeFromMinutes(minuteOfDay), zone)).toISOString();
};

export type MoveNotice = { ok: boolean; text: string };
export type DropAt = (day: string, minuteOfDay?: number) => { onDragOver: (e: DragEvent) => void; onDrop: (e: DragEvent) => void };

/**
 * The calendar's drop handling: the chip shows at its new place at once; a move the server refuses
 * goes back where it was (the list is read again) and the notice says the server's reason.
 */
export function useMoveOnDrop(zone: string): { dropAt: DropAt; notice: MoveNotice | null } {
  const [notice, setNotice] = useState<MoveNotice | null>(null);

  const move = async (dragged: Dragged, day: string, minuteOfDay: number) => {
    const at = dropInstant(day, minuteOfDay, zone);
    if (at === null) return;
    const place = (s: ScheduleItem): ScheduleItem => (s.id === dragged.id ? { ...s, scheduleType: 'scheduled', scheduledTime: at, nextRunTime: at, peakWindowType: null } : s);
    await mutate<ScheduleItem[] | { schedules: ScheduleItem[] }>(SCHEDULES_KEY, (list) => (Array.isArray(list) ? list.map(place) : list ? { ...list, schedules: list.schedules.map(place) } : list), { revalidate: false });
    try {
      await editSchedule(dragged.id, movedTo(at), undefined, true);
      setNotice({ ok: true, text: M.moved });
    } catch (err) {
      await mutate(SCHEDULES_KEY);
      setNotice({ ok: false, text: `${M.notMoved}: ${errorMessage(err, M.updateFailed)}` });
    }
  };

  const dropAt: DropAt = (day, minuteOfDay) => ({
    onDragOver: (e) => {
      if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    },
    onDrop: (e) => {
      const raw = e.dataTransfer.getData(DRAG_TYPE);
      if (raw === '') return;
      e.preventDefault();
      // A slot inside a day takes the drop; the day around it does not take it again.
      e.stopPropagation();
      const dragged = JSON.parse(raw) as Dragged;
      setNotice(null);
      void move(dragged, day, minuteOfDay ?? dragged.minuteOfDay);
    },
  });

  return { dropAt, notice };
}

// The 7-day list of time slots: each day shows the peak windows' posting times and any other time
// a reply goes out; a slot holds the replies placed there, or an 'Add post' button for a future
// slot, which fills the compose panel.
import { Plus } from 'lucide-react';
import { PEAK_WINDOW_DEFINITIONS, PEAK_WINDOWS, formatDate, formatTime, minutesOfDay, timeFromMinutes, type LocalDate } from '@core/scheduling/time';
import type { Occurrence } from '@web/features/calendar/occurrences';
import { dayHeading } from '@web/features/schedules';
import type { DropAt } from '@web/features/calendar/move';
import { OccurrenceChip } from './occurrence-chip';

const PEAK_MINUTES = PEAK_WINDOWS.map((w) => minutesOfDay(PEAK_WINDOW_DEFINITIONS[w].postAt));

const label = (minutes: number) => {
  const t = timeFromMinutes(minutes);
  const h = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${h}:${String(t.minute).padStart(2, '0')} ${t.hour < 12 ? 'AM' : 'PM'}`;
};

type Props = {
  days: LocalDate[];
  byDay: Map<string, Occurrence[]>;
  zone: string;
  now: Date;
  /** Whether a slot at this local day and minute may still be scheduled. */
  canAdd: (day: string, minutes: number) => boolean;
  onAdd: (day: string, time: string) => void;
  /** A chip dropped on a day keeps its time of day; dropped on a slot it takes the slot's. */
  dropAt: DropAt;
};

export function DayList({ days, byDay, zone, now, canAdd, onAdd, dropAt }: Props) {
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="calendar-list">
      {days.map((date) => {
        const key = formatDate(date);
        const items = byDay.get(key) ?? [];
        const minutes = [...new Set([...PEAK_MINUTES, ...items.map((o) => o.minuteOfDay)])].sort((a, b) => a - b);
        return (
          <section key={key} aria-label={dayHeading(key, zone, now)} className="rounded-lg border" data-testid="calendar-day" data-day={key} {...dropAt(key)}>
            <h3 className="border-b bg-muted/40 px-3 py-2 text-sm font-semibold">
              {dayHeading(key, zone, now)}
              {items.length > 0 && <span className="ml-2 font-normal text-muted-foreground">· {items.length} scheduled</span>}
            </h3>
            <ul className="divide-y">
              {minutes.map((m) => {
                const here = items.filter((o) => o.minuteOfDay === m);
                return (
                  <li key={m} className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-start gap-2 px-3 py-2" data-testid="calendar-slot" data-minute={m} {...dropAt(key, m)}>
                    <span className="pt-1 text-xs font-medium whitespace-nowrap text-muted-foreground tabular-nums">{label(m)}</span>
                    <div className="grid min-w-0 gap-1.5 sm:grid-cols-2">
                      {here.map((o) => (
                        <OccurrenceChip key={`${o.schedule.id}-${o.at}`} o={o} zone={zone} showTime={false} />
                      ))}
                      {here.length === 0 &&
                        (canAdd(key, m) ? (
                          <button
                            type="button"
                            className="flex w-fit items-center gap-1 rounded-md border border-dashed px-2 py-1 text-xs text-muted-foreground hover:border-primary hover:text-primary"
                            onClick={() => onAdd(key, formatTime(timeFromMinutes(m)))}
                            aria-label={`Add post ${dayHeading(key, zone, now)} at ${label(m)}`}
                          >
                            <Plus className="size-3" />
                            Add post
                          </button>
                        ) : (
                          <span className="pt-1 text-xs text-muted-foreground/60">—</span>
                        ))}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

// The week view: Monday to Sunday side by side (stacked on phones), each day's replies in order.
import { Plus } from 'lucide-react';
import { formatDate, type LocalDate } from '@core/scheduling/time';
import { cn } from '@web/lib/utils';
import type { Occurrence } from '@web/features/calendar/occurrences';
import type { DropAt } from '@web/features/calendar/move';
import { OccurrenceChip } from './occurrence-chip';

type Props = { days: LocalDate[]; byDay: Map<string, Occurrence[]>; zone: string; today: string; onPickDay: (day: string) => void; dropAt: DropAt };

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

export function WeekView({ days, byDay, zone, today, onPickDay, dropAt }: Props) {
  return (
    <div className="grid grid-cols-1 gap-2 md:grid-cols-7" data-testid="calendar-week">
      {days.map((date) => {
        const key = formatDate(date);
        const items = byDay.get(key) ?? [];
        const past = key < today;
        return (
          <section key={key} aria-label={key} data-day={key} {...dropAt(key)} className={cn('flex min-h-12 min-w-0 flex-col gap-1.5 rounded-lg border p-2 md:min-h-64', key === today && 'border-primary ring-1 ring-primary')}>
            <h3 className="flex items-baseline justify-between text-xs font-semibold">
              <span>{WEEKDAY.format(Date.UTC(date.year, date.month - 1, date.day, 12))}</span>
              <span className={cn('text-muted-foreground', key === today && 'text-primary')}>{date.day}</span>
            </h3>
            {items.map((o) => (
              <OccurrenceChip key={`${o.schedule.id}-${o.at}`} o={o} zone={zone} />
            ))}
            {!past && (
              <button
                type="button"
                onClick={() => onPickDay(key)}
                className="mt-auto flex items-center justify-center gap-1 rounded-md border border-dashed py-1 text-xs text-muted-foreground hover:border-primary hover:text-primary"
                aria-label={`Add post on ${key}`}
              >
                <Plus className="size-3" />
                Add
              </button>
            )}
          </section>
        );
      })}
    </div>
  );
}

// The month view: six weeks, Monday first; each day shows its first replies and how many more.
import { formatDate, type LocalDate } from '@core/scheduling/time';
import { cn } from '@web/lib/utils';
import type { Occurrence } from '@web/features/calendar/occurrences';
import type { DropAt } from '@web/features/calendar/move';
import { OccurrenceChip } from './occurrence-chip';

type Props = { days: LocalDate[]; month: number; byDay: Map<string, Occurrence[]>; zone: string; today: string; onPickDay: (day: string) => void; dropAt: DropAt };

const HEAD = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const SHOWN = 2;

export function MonthView({ days, month, byDay, zone, today, onPickDay, dropAt }: Props) {
  return (
    <div data-testid="calendar-month" className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border bg-border">
      {HEAD.map((h) => (
        <div key={h} className="bg-muted/60 px-1 py-1.5 text-center text-xs font-semibold text-muted-foreground">
          {h}
        </div>
      ))}
      {days.map((date) => {
        const key = formatDate(date);
        const items = byDay.get(key) ?? [];
        const outside = date.month !== month;
        return (
          <div key={key} className={cn('flex min-h-16 min-w-0 flex-col gap-1 bg-card p-1 sm:min-h-24', outside && 'bg-muted/30 text-muted-foreground')} data-testid="month-day" data-day={key} {...dropAt(key)}>
            <button
              type="button"
              onClick={() => key >= today && onPickDay(key)}
              disabled={key < today}
              className={cn(
                'size-6 self-end rounded-full text-xs tabular-nums enabled:hover:bg-accent disabled:cursor-default',
                key === today && 'bg-primary font-semibold text-primary-foreground enabled:hover:bg-primary',
              )}
              aria-label={`${key}${items.length ? `, ${items.length} scheduled` : ''}`}
            >
              {date.day}
            </button>
            {/* Phones show a count; wider screens the first replies. */}
            {items.length > 0 && <span className="text-center text-[10px] font-semibold text-indigo-700 sm:hidden">{items.length}</span>}
            <div className="hidden min-w-0 gap-1 sm:grid">
              {items.slice(0, SHOWN).map((o) => (
                <OccurrenceChip key={`${o.schedule.id}-${o.at}`} o={o} zone={zone} narrow />
              ))}
              {items.length > SHOWN && <span className="px-1 text-[11px] text-muted-foreground">+{items.length - SHOWN} more</span>}
            </div>
          </div>
        );
      })}
    </div>
  );
}

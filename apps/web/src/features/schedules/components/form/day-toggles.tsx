// Day pickers of the recurring options. Weekdays are shown Monday to Sunday on every form; the
// values follow each form's numbering (classic 0 Sunday ... 6 Saturday, V2 1 Monday ... 7 Sunday,
// spec part 2 §3, §5), converted by core/scheduling/time/weekdays.ts.
import { isoFromSundayZero, sundayZeroFromIso, WEEKDAY_LABELS, ISO_WEEKDAYS, type IsoWeekday, type SundayZeroWeekday } from '@core/scheduling/time';
import { cn } from '@web/lib/utils';

type Numbering = 'sunday-zero' | 'iso';

const valueOf = (iso: IsoWeekday, numbering: Numbering): number => (numbering === 'iso' ? iso : sundayZeroFromIso(iso));
const isoOf = (value: number, numbering: Numbering): IsoWeekday => (numbering === 'iso' ? (value as IsoWeekday) : isoFromSundayZero(value as SundayZeroWeekday));

const toggle = (list: readonly number[], value: number): number[] =>
  list.includes(value) ? list.filter((d) => d !== value) : [...list, value].sort((a, b) => a - b);

const chip = (on: boolean) =>
  cn(
    'h-9 min-w-11 rounded-md border px-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
    on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
  );

export function WeekdayToggles({
  value,
  onChange,
  numbering,
  disabled,
  label = 'Days of the week',
}: {
  value: readonly number[];
  onChange: (days: number[]) => void;
  numbering: Numbering;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5" data-testid="weekday-toggles">
      {ISO_WEEKDAYS.map((iso) => {
        const v = valueOf(iso, numbering);
        const on = value.includes(v);
        return (
          <button key={iso} type="button" aria-pressed={on} aria-label={WEEKDAY_LABELS[iso].long} className={chip(on)} disabled={disabled} onClick={() => onChange(toggle(value, v))}>
            {WEEKDAY_LABELS[iso].short}
          </button>
        );
      })}
    </div>
  );
}

/** Names of days in a form's numbering, Monday first ('Mon, Wed, Fri'). */
export const weekdayNames = (days: readonly number[], numbering: Numbering): string =>
  [...days]
    .map((d) => isoOf(d, numbering))
    .sort((a, b) => a - b)
    .map((iso) => WEEKDAY_LABELS[iso].short)
    .join(', ');

// 'When to reply' (spec part 2 §2, §9): the three peak windows with the time each would post at
// next, in the user's zone; '(Recommended)' marks the window whose next slot comes first.
import { Clock } from 'lucide-react';
import { firstRun } from '@core/scheduling/plan';
import { peakWindowOptions, RECOMMENDED_TAG, type PeakWindow, type RecurrencePattern } from '@core/scheduling/time';
import { cn } from '@web/lib/utils';
import { formatDateTime } from '@web/lib/time-format';

type Props = {
  name: string;
  value: PeakWindow | null;
  onChange: (value: PeakWindow) => void;
  zone: string;
  now: Date;
  disabled?: boolean;
  error?: string | undefined;
  /** With a recurrence, 'Next' is the rule's first run from the window's next slot on. */
  recurrence?: RecurrencePattern | null;
};

/** The first run of a window with the form's recurrence (the server computes the same); the slot when the rule is not complete yet. */
const nextRunOf = (window: PeakWindow, slot: string, recurrence: RecurrencePattern | null | undefined, now: Date, zone: string): string => {
  if (!recurrence) return slot;
  try {
    return firstRun({ kind: 'peak', window, recurrence }, now, zone) ?? slot;
  } catch {
    return slot;
  }
};

export function PeakWindowPicker({ name, value, onChange, zone, now, disabled, error, recurrence }: Props) {
  const options = peakWindowOptions(now, zone);
  return (
    // Three across when the form is wide enough (a container query: V2's form is half the page).
    <div className="@container">
      <div role="radiogroup" aria-label="When to reply" aria-invalid={error ? true : undefined} className="grid gap-2 @xl:grid-cols-3" data-testid="peak-windows">
        {options.map((o) => {
          const checked = value === o.id;
          return (
            <label
              key={o.id}
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm transition-colors hover:bg-accent/40 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50',
                checked && 'border-primary bg-primary/5 ring-1 ring-primary',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input type="radio" className="sr-only" name={name} value={o.id} checked={checked} disabled={disabled} onChange={() => onChange(o.id)} />
              <span className="font-medium">
                {o.label}
                {o.recommended && <span className="ml-1 text-xs font-semibold text-emerald-700">{RECOMMENDED_TAG}</span>}
              </span>
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <Clock className="size-3" />
                Next: {formatDateTime(nextRunOf(o.id, o.nextSlot, recurrence, now, zone), zone)}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}

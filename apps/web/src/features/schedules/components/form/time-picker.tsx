// 'When to reply', one picker for the composers (issue 14: one time picker): the three peak windows
// (PeakWindowPicker) or, for a one-time reply, an exact date and time in the user's zone (the
// classic and V2 calls take it as `exactTime`). The line under the exact fields says when it posts.
import { useId } from 'react';
import { deliveryHint } from '@core/scheduling/time';
import type { PeakWindow, RecurrencePattern } from '@core/scheduling/time';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { formatDateTime, localDayKey } from '@web/lib/time-format';
import { exactInstant, type ExactTime } from './exact-time';
import { PeakWindowPicker } from './peak-window-picker';

type Props = {
  name: string;
  peakWindow: PeakWindow | null;
  onPeakWindow: (value: PeakWindow) => void;
  /** null: the peak window is used. */
  exact: ExactTime | null;
  onExact: (value: ExactTime | null) => void;
  zone: string;
  now: Date;
  disabled?: boolean;
  error?: string | undefined;
  exactError?: string | undefined;
  /** With a recurrence the exact time is off: a recurring reply goes out at a peak window. */
  recurrence?: RecurrencePattern | null;
};

const hhmm = (d: Date, zone: string): string => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(d);

export function TimePicker({ name, peakWindow, onPeakWindow, exact, onExact, zone, now, disabled, error, exactError, recurrence }: Props) {
  const id = useId();
  const recurring = recurrence !== null && recurrence !== undefined;
  const exactOn = exact !== null && !recurring;
  const instant = exactOn ? exactInstant(exact, zone, now) : null;
  const startExact = () => {
    const inAnHour = new Date(now.getTime() + 3_600_000);
    onExact({ date: localDayKey(inAnHour, zone), time: hhmm(inAnHour, zone) });
  };
  return (
    <div className="grid gap-3" data-testid={`${name}-time-picker`}>
      <div className={exactOn ? 'opacity-60' : undefined}>
        <PeakWindowPicker
          name={name}
          value={exactOn ? null : peakWindow}
          onChange={(w) => {
            onExact(null);
            onPeakWindow(w);
          }}
          zone={zone}
          now={now}
          disabled={disabled}
          error={error}
          recurrence={recurrence}
        />
      </div>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-exact`}
          type="checkbox"
          className="size-4 accent-primary"
          checked={exactOn}
          disabled={disabled || recurring}
          onChange={(e) => (e.target.checked ? startExact() : onExact(null))}
        />
        <Label htmlFor={`${id}-exact`}>At an exact time</Label>
        {recurring && <span className="text-xs text-muted-foreground">(one-time replies only; a recurring reply goes out at a peak window)</span>}
      </div>
      {exactOn && (
        <div className="grid gap-2 rounded-lg border p-3">
          <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-date`}>Exact date</Label>
              <Input id={`${id}-date`} type="date" value={exact.date} min={localDayKey(now, zone)} disabled={disabled} onChange={(e) => onExact({ ...exact, date: e.target.value })} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-time`}>Exact time</Label>
              <Input id={`${id}-time`} type="time" step={60} value={exact.time} disabled={disabled} onChange={(e) => onExact({ ...exact, time: e.target.value })} />
            </div>
          </div>
          {instant?.ok ? (
            <p className="text-xs text-muted-foreground" data-testid={`${name}-exact-at`}>
              Posts at {formatDateTime(instant.at, zone)} · {deliveryHint(new Date(instant.at), zone).text}
            </p>
          ) : (
            <p className="text-sm font-medium text-destructive" role="alert">
              {exactError ?? instant?.message}
            </p>
          )}
          {instant?.ok && exactError && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {exactError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

// Make Recurring with its frequency and days (spec part 2 §2, §9: daily by default; weekly starts
// on Monday, Wednesday and Friday; monthly on one day of the month).
import { RECURRING_TYPES, type RecurringType } from '@core/scheduling/time';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { WeekdayToggles } from '@web/features/schedule-forms/components/day-toggles';

const FREQUENCY_LABELS: Record<RecurringType, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

type Props = {
  isRecurring: boolean;
  recurringType: RecurringType;
  weeklyDays: number[];
  monthDay: number;
  onChange: (patch: { isRecurring?: boolean; recurringType?: RecurringType; weeklyDays?: number[]; monthDay?: number }) => void;
  disabled?: boolean;
  error?: string | undefined;
};

export function RecurringOptions({ isRecurring, recurringType, weeklyDays, monthDay, onChange, disabled, error }: Props) {
  return (
    <div className="grid gap-4 rounded-lg border p-4">
      <label className="flex items-center justify-between gap-3" htmlFor="classic-recurring">
        <span className="grid">
          <span className="text-sm font-medium">Make Recurring</span>
          <span className="text-xs text-muted-foreground">Reply again at this window on a schedule</span>
        </span>
        <Switch id="classic-recurring" checked={isRecurring} onCheckedChange={(v) => onChange({ isRecurring: v })} disabled={disabled} />
      </label>
      {isRecurring && (
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]" data-testid="recurring-options">
          <div className="grid content-start gap-2">
            <Label htmlFor="classic-frequency">Frequency</Label>
            <Select value={recurringType} onValueChange={(v) => onChange({ recurringType: v as RecurringType })} disabled={disabled}>
              <SelectTrigger id="classic-frequency" aria-label="Frequency">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {RECURRING_TYPES.map((t) => (
                  <SelectItem key={t} value={t}>
                    {FREQUENCY_LABELS[t]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {recurringType === 'weekly' && (
            <div className="grid content-start gap-2">
              <span className="text-sm font-medium">Days of week</span>
              <WeekdayToggles value={weeklyDays} onChange={(days) => onChange({ weeklyDays: days })} numbering="sunday-zero" disabled={disabled} />
            </div>
          )}
          {recurringType === 'monthly' && (
            <div className="grid content-start gap-2">
              <Label htmlFor="classic-month-day">Day of month</Label>
              <Select value={String(monthDay)} onValueChange={(v) => onChange({ monthDay: Number(v) })} disabled={disabled}>
                <SelectTrigger id="classic-month-day" aria-label="Day of month" className="w-32">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent className="max-h-64">
                  {MONTH_DAYS.map((d) => (
                    <SelectItem key={d} value={String(d)}>
                      {d}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {monthDay > 28 && <p className="text-xs text-muted-foreground">In shorter months the reply goes out on the last day.</p>}
            </div>
          )}
          {recurringType === 'daily' && <p className="self-end text-sm text-muted-foreground">Every day at the chosen window.</p>}
          {error && (
            <p className="text-sm font-medium text-destructive sm:col-span-2" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

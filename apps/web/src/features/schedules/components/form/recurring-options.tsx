// Make Recurring with its frequency and days (spec part 2 §2, §9: daily by default; weekly starts
// on Monday, Wednesday and Friday; monthly on one day of the month).
import { RECURRING_TYPES, type RecurringType } from '@core/scheduling/time';
import { OptionSelect } from '@web/components/option-select';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { WeekdayToggles } from './day-toggles';

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
  /** Prefix of the inputs' ids, one per form on a page. */
  idPrefix?: string;
};

export function RecurringOptions({ isRecurring, recurringType, weeklyDays, monthDay, onChange, disabled, error, idPrefix = 'classic' }: Props) {
  return (
    <div className="grid gap-4 rounded-lg border p-4">
      <label className="flex items-center justify-between gap-3" htmlFor={`${idPrefix}-recurring`}>
        <span className="grid">
          <span className="text-sm font-medium">Make Recurring</span>
          <span className="text-xs text-muted-foreground">Reply again at this window on a schedule</span>
        </span>
        <Switch id={`${idPrefix}-recurring`} checked={isRecurring} onCheckedChange={(v) => onChange({ isRecurring: v })} disabled={disabled} />
      </label>
      {isRecurring && (
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]" data-testid="recurring-options">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${idPrefix}-frequency`}>Frequency</Label>
            <OptionSelect id={`${idPrefix}-frequency`} label="Frequency" options={RECURRING_TYPES.map((v) => ({ value: v, label: FREQUENCY_LABELS[v] }))} value={recurringType} onChange={(v: RecurringType) => onChange({ recurringType: v })} disabled={disabled} />
          </div>
          {recurringType === 'weekly' && (
            <div className="grid content-start gap-2">
              <span className="text-sm font-medium">Days of week</span>
              <WeekdayToggles value={weeklyDays} onChange={(days) => onChange({ weeklyDays: days })} numbering="sunday-zero" disabled={disabled} />
            </div>
          )}
          {recurringType === 'monthly' && (
            <div className="grid content-start gap-2">
              <Label htmlFor={`${idPrefix}-month-day`}>Day of month</Label>
              <OptionSelect id={`${idPrefix}-month-day`} label="Day of month" className="w-32" long options={MONTH_DAYS.map((d) => ({ value: String(d), label: d }))} value={String(monthDay)} onChange={(v) => onChange({ monthDay: Number(v) })} disabled={disabled} />
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

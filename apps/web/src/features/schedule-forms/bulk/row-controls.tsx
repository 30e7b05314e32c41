// The controls of one bulk row, built once and laid out by the table (wide screens) or the cards
// (narrow ones). Each control is labelled with the row's number for screen readers and tests.
// Under its text each row shows the composers' shared parts: X's count against the limit of the
// row's own posting account, the live mention warning and the preview of what will be posted.
import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { BULK_SLOTS, RECURRING_TYPES, type BulkSlot, type RecurringType } from '@core/scheduling/time';
import { CLASSIC_STYLES } from '@core/styles';
import { stripMentions } from '@core/text/mentions';
import { OptionSelect } from '@web/components/option-select';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/utils';
import { AutoEstimate, ContentCounter, MentionWarning, ReplyPreview, type TargetAccount, type XAccount, XAccountSelect } from '@web/features/schedules';
import { AUTO_DELAY_MAX_MINUTES } from '@core/scheduling/messages';
import { StyleSelect } from '@web/components/style-select';
import { removeRow, updateRow, type BulkRow, type RowPatch } from './bulk-store';
import type { RowErrors } from './bulk-validation';

/** Short labels (they fit a table cell); the windows are core's BULK_SLOT_DEFINITIONS. */
export const SLOT_LABELS: Record<BulkSlot, string> = {
  morning: 'Morning (8-10AM)',
  lunch: 'Lunch (12-2PM)',
  afternoon: 'Afternoon (4-6PM)',
  custom: 'Custom time',
};
export const FREQUENCY: Record<RecurringType, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

export type RowControls = Record<'target' | 'connected' | 'tone' | 'time' | 'date' | 'recurring' | 'ai' | 'text' | 'remove', ReactNode>;

type Options = {
  row: BulkRow;
  index: number;
  errors: RowErrors | undefined;
  targets: TargetAccount[];
  xAccounts: XAccount[];
  today: string;
  disabled: boolean;
  /** Called when @mentions were stripped from the row's text. */
  onMentionsStripped: () => void;
};

const RowError = ({ text }: { text: string | undefined }) =>
  text ? (
    <p className="mt-1 text-xs font-medium text-destructive" role="alert">
      {text}
    </p>
  ) : null;

const clampInt = (value: string, min: number, max: number): number => {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
};

export function rowControls({ row, index, errors, targets, xAccounts, today, disabled, onMentionsStripped }: Options): RowControls {
  const n = index + 1;
  const set = (patch: RowPatch) => updateRow(row.id, patch);
  const invalid = (e: string | undefined) => (e ? { 'aria-invalid': true as const } : {});

  return {
    target: (
      <div>
        <OptionSelect label={`Target account, reply ${n}`} placeholder="Target" className="min-w-32" long options={targets.map((t) => ({ value: t.id, label: `@${t.username}` }))} value={row.accountId} onChange={(accountId) => set({ accountId })} disabled={disabled} invalid={invalid(errors?.accountId)} />
        <RowError text={errors?.accountId} />
      </div>
    ),
    connected: (
      <div>
        <XAccountSelect
          label={`Connected account, reply ${n}`}
          accounts={xAccounts}
          value={row.connectedAccountId}
          onChange={(connectedAccountId) => set({ connectedAccountId })}
          disabled={disabled}
          placeholder="Post from"
          empty="None connected"
          className="min-w-32"
          invalid={invalid(errors?.connectedAccountId)}
        />
        <RowError text={errors?.connectedAccountId} />
      </div>
    ),
    tone: (
      <StyleSelect id={`bulk-tone-${row.id}`} label={`Tone, reply ${n}`} styles={CLASSIC_STYLES} value={row.tone} onChange={(tone) => set({ tone })} disabled={disabled || !row.useAI} compact />
    ),
    time: row.auto.on ? (
      <div className="grid min-w-44 gap-1.5" data-testid={`bulk-auto-${n}`}>
        <label className="flex items-center gap-1 text-xs">
          <span className="shrink-0">When @{targets.find((t) => t.id === row.accountId)?.username ?? '…'} posts, +</span>
          <Input
            type="number"
            min={0}
            max={AUTO_DELAY_MAX_MINUTES}
            aria-label={`Delay in minutes, reply ${n}`}
            className="w-16"
            value={row.auto.delayMinutes}
            onChange={(e) => set({ auto: { on: true, delayMinutes: clampInt(e.target.value, 0, AUTO_DELAY_MAX_MINUTES) } })}
            disabled={disabled}
            {...invalid(errors?.delayMinutes)}
          />
          <span>min</span>
        </label>
        <AutoEstimate targetId={row.accountId || null} delayMinutes={row.auto.delayMinutes} testId={`bulk-auto-estimate-${n}`} className="whitespace-normal" />
        <RowError text={errors?.delayMinutes} />
      </div>
    ) : (
      <div className="grid gap-1.5">
        <OptionSelect label={`Time slot, reply ${n}`} className="min-w-36" options={BULK_SLOTS.map((v) => ({ value: v, label: SLOT_LABELS[v] }))} value={row.scheduledTime} onChange={(scheduledTime: BulkSlot) => set({ scheduledTime })} disabled={disabled} />
        {row.scheduledTime === 'custom' && (
          <div className="flex items-center gap-1">
            <Input
              type="number"
              min={0}
              max={23}
              aria-label={`Hour, reply ${n}`}
              className="w-16"
              value={row.customHour}
              onChange={(e) => set({ customHour: clampInt(e.target.value, 0, 23) })}
              disabled={disabled}
            />
            <span aria-hidden>:</span>
            <Input
              type="number"
              min={0}
              max={59}
              aria-label={`Minute, reply ${n}`}
              className="w-16"
              value={String(row.customMinute).padStart(2, '0')}
              onChange={(e) => set({ customMinute: clampInt(e.target.value, 0, 59) })}
              disabled={disabled}
            />
          </div>
        )}
        <RowError text={errors?.customHour ?? errors?.customMinute ?? errors?.scheduledTime} />
      </div>
    ),
    date: (
      <div>
        <Input
          type="date"
          aria-label={`Date, reply ${n}`}
          min={today}
          value={row.scheduledDate}
          onChange={(e) => set({ scheduledDate: e.target.value })}
          disabled={disabled || row.isRecurring || row.auto.on}
          className={cn('min-w-36', (row.isRecurring || row.auto.on) && 'opacity-50')}
          {...invalid(errors?.scheduledDate)}
        />
        <RowError text={errors?.scheduledDate} />
      </div>
    ),
    recurring: (
      <div className="flex items-center gap-2">
        <Switch checked={row.isRecurring && !row.auto.on} onCheckedChange={(isRecurring) => set({ isRecurring })} aria-label={`Recurring, reply ${n}`} disabled={disabled || row.auto.on} />
        {row.isRecurring && (
          <OptionSelect label={`Frequency, reply ${n}`} className="w-28" options={RECURRING_TYPES.map((v) => ({ value: v, label: FREQUENCY[v] }))} value={row.recurringType} onChange={(recurringType: RecurringType) => set({ recurringType })} disabled={disabled} />
        )}
      </div>
    ),
    ai: <Switch checked={row.useAI} onCheckedChange={(useAI) => set({ useAI })} aria-label={`AI, reply ${n}`} disabled={disabled} />,
    text: (
      <div className="grid gap-2 whitespace-normal lg:grid-cols-2" data-testid="bulk-row-text">
        <div className="grid content-start gap-1">
          <Textarea
            rows={2}
            aria-label={`Reply text, reply ${n}`}
            placeholder={row.useAI ? 'Optional: what the AI reply should say' : 'Write the reply'}
            value={row.customReplyText}
            onChange={(e) => set({ customReplyText: e.target.value })}
            onBlur={() => {
              const { text, removed } = stripMentions(row.customReplyText);
              if (removed.length > 0) {
                set({ customReplyText: text });
                onMentionsStripped();
              }
            }}
            disabled={disabled}
            className="min-h-16"
            {...invalid(errors?.customReplyText)}
          />
          <div className="flex items-start justify-between gap-2">
            {errors?.customReplyText ? <RowError text={errors.customReplyText} /> : <span />}
            <ContentCounter text={row.customReplyText} account={xAccounts.find((a) => a.id === row.connectedAccountId) ?? null} testId={`bulk-counter-${n}`} />
          </div>
          <MentionWarning text={row.customReplyText} />
        </div>
        <ReplyPreview text={row.customReplyText} aiStyle={row.useAI ? row.tone : null} label={`Preview, reply ${n}`} />
      </div>
    ),
    remove: (
      <Button variant="ghost" size="icon-sm" aria-label={`Remove reply ${n}`} onClick={() => removeRow(row.id)} disabled={disabled}>
        <Trash2 />
      </Button>
    ),
  };
}

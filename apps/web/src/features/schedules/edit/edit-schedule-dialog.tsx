// Edit Schedule: what a schedule replies with (its text, a template, a group, or AI in a style), to
// whom, from which of the user's X accounts, and when (a peak window or an exact time, its
// recurrence; a recurring rule's days and time; an auto schedule's wait). Built from the composers'
// own fields. It starts from the schedule read by itself, sends only what changed, checked against
// that read (If-Match): a change made elsewhere meanwhile asks "changed elsewhere".
import { useState, type FormEvent } from 'react';
import { CLASSIC_STYLES, V2_STYLES, type WritingStyle } from '@core/styles';
import { isoFromSundayZero, RECURRING_TYPES, sundayZeroFromIso, type IsoWeekday, type RecurringType, type SundayZeroWeekday } from '@core/scheduling/time';
import type { ScheduleView } from '@core/scheduling/views';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { Field, invalidProps } from '@web/components/field';
import { OptionSelect } from '@web/components/option-select';
import { StyleSelect } from '@web/components/style-select';
import { useChangedElsewhere, WithEditBase } from '@web/components/changed-elsewhere';
import { ApiError } from '@web/lib/api';
import { useUserZone } from '@web/lib/time-format';
import { useNow } from '@web/hooks/use-now';
import { useTemplateGroups, useTemplates } from '@web/features/templates';
import { useTargetAccounts, useXAccounts } from '@web/features/schedules/api/accounts';
import { editSchedule, scheduleUrl } from '@web/features/schedules/api/schedules';
import { ContentCounter } from '@web/features/schedules/components/form/content-counter';
import { RecurringOptions } from '@web/features/schedules/components/form/recurring-options';
import { WeekdayToggles } from '@web/features/schedules/components/form/day-toggles';
import { TargetCombobox } from '@web/features/schedules/components/form/target-combobox';
import { TimePicker } from '@web/features/schedules/components/form/time-picker';
import { XAccountSelect } from '@web/features/schedules/components/form/x-account-select';
import { editOf, initialEditState, type ContentKind, type EditState } from './edit-state';

type Props = { schedule: ScheduleView; onClose: () => void };

const SOURCES: { value: ContentKind; label: string }[] = [
  { value: 'text', label: 'Fixed text' },
  { value: 'template', label: 'Template' },
  { value: 'template_group', label: 'Template group (rotation)' },
  { value: 'ai', label: 'AI in a viral style' },
];
const FREQUENCY_LABELS: Record<RecurringType, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const STYLES: readonly WritingStyle[] = [...new Set<WritingStyle>([...CLASSIC_STYLES, ...V2_STYLES])];

/** Server fields shown beside the dialog's inputs. */
const fieldOf = (field: string): string => (field.startsWith('content') ? 'content' : field.startsWith('when') ? 'when' : field);

export function EditScheduleDialog({ schedule, onClose }: Props) {
  return (
    <WithEditBase<ScheduleView> url={scheduleUrl(schedule.id)} title="Edit Schedule" onOpenChange={(open) => !open && onClose()}>
      {(base, reload) => base && <EditForm base={base} onReload={reload} onClose={onClose} />}
    </WithEditBase>
  );
}

function EditForm({ base, onReload, onClose }: { base: ScheduleView; onReload: (current: ScheduleView) => void; onClose: () => void }) {
  const zone = useUserZone();
  const now = useNow();
  const templates = useTemplates();
  const groups = useTemplateGroups();
  const targets = useTargetAccounts();
  const x = useXAccounts();
  const conflict = useChangedElsewhere();
  const [initial] = useState<EditState>(() => initialEditState(base, zone));
  const [state, setState] = useState<EditState>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<EditState>, clear: string[] = []) => {
    setState((s) => ({ ...s, ...patch }));
    if (clear.length > 0) setErrors((e) => ({ ...e, ...Object.fromEntries(clear.map((k) => [k, undefined])) }));
  };
  const account = x.accounts.find((a) => a.id === state.connectedAccountId) ?? null;
  const recurrence = state.recurringType === null ? null : state.recurringType === 'daily' ? { type: 'daily' as const } : state.recurringType === 'weekly' ? { type: 'weekly' as const, days: state.weeklyDays as IsoWeekday[] } : { type: 'monthly' as const, days: [state.monthDay] };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const made = editOf(initial, state, zone, new Date());
    if (!made.ok) return setErrors({ [made.field]: made.message });
    if (Object.keys(made.edit).length === 0) return onClose();
    setErrors({});
    setSaving(true);
    try {
      await conflict.save(base, (basedOn) => editSchedule(base.id, made.edit, basedOn), { saved: onClose, reload: onReload });
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [fieldOf(err.field)]: err.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl" data-testid="edit-schedule-dialog">
        <DialogHeader>
          <DialogTitle>Edit Schedule</DialogTitle>
          <DialogDescription>Change what it replies, to whom, from which account and when. The next runs follow the change.</DialogDescription>
        </DialogHeader>
        <form id="edit-schedule-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="edit-source" label="Reply content" error={errors.content}>
            <OptionSelect id="edit-source" label="Reply content" options={SOURCES} value={state.contentKind} onChange={(v) => set({ contentKind: v }, ['content'])} disabled={saving} />
          </Field>
          {state.contentKind === 'template' && (
            <Field id="edit-template" label="Template">
              <OptionSelect id="edit-template" label="Template" options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))} value={state.templateId} onChange={(v) => set({ templateId: v }, ['content'])} placeholder="Choose a template" disabled={saving} />
            </Field>
          )}
          {state.contentKind === 'template_group' && (
            <Field id="edit-group" label="Template group">
              <OptionSelect id="edit-group" label="Template group" options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} value={state.templateGroupId} onChange={(v) => set({ templateGroupId: v }, ['content'])} placeholder="Choose a group" disabled={saving} />
            </Field>
          )}
          {state.contentKind === 'ai' && (
            <div className="grid gap-2">
              <Label htmlFor="edit-style">Viral style</Label>
              <StyleSelect id="edit-style" styles={STYLES} value={state.style} onChange={(v) => set({ style: v }, ['content'])} disabled={saving} />
            </div>
          )}
          {(state.contentKind === 'text' || state.contentKind === 'ai') && (
            <div className="grid gap-2">
              <Label htmlFor="edit-text">{state.contentKind === 'ai' ? 'Text for the AI to rewrite (optional)' : 'Reply text'}</Label>
              <Textarea id="edit-text" rows={4} value={state.text} onChange={(e) => set({ text: e.target.value }, ['content'])} disabled={saving} {...invalidProps('edit-text', errors.content)} />
              <ContentCounter text={state.text} account={account} testId="edit-counter" />
            </div>
          )}

          <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
            <Field id="edit-target" label="Target account" error={errors.accountId}>
              <TargetCombobox
                id="edit-target"
                accounts={targets.accounts}
                text={state.targetText}
                selectedId={state.accountId || null}
                onChange={(text, selected) => set({ targetText: text, accountId: selected?.id ?? '' }, ['accountId'])}
                disabled={saving}
                invalid={invalidProps('edit-target', errors.accountId)}
                placeholder="Search monitored accounts"
              />
            </Field>
            <Field id="edit-x-account" label="Post from" error={errors.connectedAccountId}>
              <XAccountSelect id="edit-x-account" label="Post from" accounts={x.accounts} value={state.connectedAccountId} onChange={(v) => set({ connectedAccountId: v }, ['connectedAccountId'])} disabled={saving} />
            </Field>
          </div>

          <WhenFields state={state} set={set} recurrence={recurrence} zone={zone} now={now} disabled={saving} error={errors.when} />

          {errors.when && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors.when}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="edit-schedule-form" disabled={saving}>
            {saving && <Spinner />}
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogFooter>
        {conflict.dialog}
      </DialogContent>
    </Dialog>
  );
}

type WhenProps = {
  state: EditState;
  set: (patch: Partial<EditState>, clear?: string[]) => void;
  recurrence: Parameters<typeof TimePicker>[0]['recurrence'];
  zone: string;
  now: Date;
  disabled: boolean;
  error: string | undefined;
};

/** The plan's fields, per kind: the composers' time picker and recurrence for a one-time or peak reply. */
function WhenFields({ state, set, recurrence, zone, now, disabled, error }: WhenProps) {
  switch (state.whenKind) {
    case 'immediate':
      return <p className="text-sm text-muted-foreground">This reply goes out at once: it has no time to change.</p>;
    case 'auto':
      return (
        <Field id="edit-delay" label="Minutes after the account posts">
          <Input id="edit-delay" type="number" inputMode="numeric" min={0} value={state.delayMinutes} onChange={(e) => set({ delayMinutes: e.target.value }, ['when'])} disabled={disabled} />
        </Field>
      );
    case 'recurring':
      return (
        <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2 [&>*]:min-w-0" data-testid="edit-rule">
          <Field id="edit-frequency" label="Frequency">
            <OptionSelect id="edit-frequency" label="Frequency" options={RECURRING_TYPES.map((t) => ({ value: t, label: FREQUENCY_LABELS[t] }))} value={state.recurringType ?? 'daily'} onChange={(v) => set({ recurringType: v }, ['when'])} disabled={disabled} />
          </Field>
          <Field id="edit-rule-time" label="Time of day">
            <Input id="edit-rule-time" type="time" step={60} value={state.ruleTime} onChange={(e) => set({ ruleTime: e.target.value }, ['when'])} disabled={disabled} />
          </Field>
          {state.recurringType === 'weekly' && (
            <div className="grid gap-2 sm:col-span-2">
              <span className="text-sm font-medium">Days of week</span>
              <WeekdayToggles value={state.weeklyDays} onChange={(days) => set({ weeklyDays: days }, ['when'])} numbering="iso" disabled={disabled} />
            </div>
          )}
          {state.recurringType === 'monthly' && (
            <Field id="edit-month-day" label="Day of month">
              <OptionSelect id="edit-month-day" label="Day of month" long options={MONTH_DAYS.map((d) => ({ value: d, label: d }))} value={String(state.monthDay)} onChange={(v) => set({ monthDay: Number(v) }, ['when'])} disabled={disabled} />
            </Field>
          )}
        </div>
      );
    case 'one_time':
      return (
        <div className="grid gap-4">
          <TimePicker
            name="edit"
            peakWindow={state.peakWindow}
            onPeakWindow={(w) => set({ peakWindow: w }, ['when'])}
            exact={state.exact}
            onExact={(exact) => set({ exact }, ['when'])}
            zone={zone}
            now={now}
            disabled={disabled}
            exactError={error}
            recurrence={recurrence}
          />
          <RecurringOptions
            isRecurring={state.recurringType !== null}
            recurringType={state.recurringType ?? 'daily'}
            weeklyDays={state.weeklyDays.map((d) => sundayZeroFromIso(d as IsoWeekday))}
            monthDay={state.monthDay}
            onChange={(p) =>
              set(
                {
                  ...(p.isRecurring !== undefined ? { recurringType: p.isRecurring ? (state.recurringType ?? 'daily') : null, ...(p.isRecurring ? { exact: null } : {}) } : {}),
                  ...(p.recurringType !== undefined ? { recurringType: p.recurringType } : {}),
                  ...(p.weeklyDays !== undefined ? { weeklyDays: p.weeklyDays.map((d) => isoFromSundayZero(d as SundayZeroWeekday)) } : {}),
                  ...(p.monthDay !== undefined ? { monthDay: p.monthDay } : {}),
                },
                ['when'],
              )
            }
            disabled={disabled}
            idPrefix="edit"
          />
        </div>
      );
  }
}

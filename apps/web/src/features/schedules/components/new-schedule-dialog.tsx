// The New Schedule dialog (spec part 2 §2, §3 Schedule form, §5 messages, §8 toasts, §9 presets
// and delivery hints): a template or template group, the target, your X account, one-time on a
// date or recurring, and a time of day (morning 9:00, lunch 12:00, afternoon 4:00 PM or custom).
// The delivery-time hint shows when the reply would go out and how quickly, in the user's zone.
// Checked with the shared schema before sending; the server checks it again.
import { useState, type FormEvent } from 'react';
import { Clock } from 'lucide-react';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { templatePayloadFromForm } from '@core/scheduling/form-payload';
import { scheduleFormSchemaAt } from '@core/scheduling/schemas';
import { PRESET_LABELS, RECURRING_TYPES, scheduleCreatedDescription, TIME_PRESETS, type RecurringType, type TimePreset } from '@core/scheduling/time';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { OptionSelect } from '@web/components/option-select';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { ApiError } from '@web/lib/api';
import { useFormFields, validate } from '@web/lib/form';
import { Field, invalidProps } from '@web/components/field';
import { accountLabel, type TargetAccount, type XAccount } from '@web/features/schedules/api/accounts';
import { createTemplateSchedule } from '@web/features/schedules/api/schedules';
import { WeekdayToggles } from '@web/features/schedules/components/form/day-toggles';
import { TargetCombobox } from '@web/features/schedules/components/form/target-combobox';
import { ReplyPreview } from '@web/features/schedules/components/composer/reply-preview';
import { toastScheduled } from '@web/features/schedules/components/composer/scheduled-toast';
import { useNow } from '@web/hooks/use-now';
import { formatDateTime } from '@web/lib/time-format';
import type { Template, TemplateGroup } from '@web/features/templates';
import { dialogField, dialogHint, dialogPostChoice, formInput, initialDialogState, type DialogState } from '@web/features/schedules/dialog-state';
import { PostRuleField } from '@web/features/schedules/components/form/post-rule-field';

const FREQUENCY_LABELS: Record<RecurringType, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templates: Template[];
  groups: TemplateGroup[];
  targets: TargetAccount[];
  xAccounts: XAccount[];
  zone: string;
  /** The date the dialog starts on, 'YYYY-MM-DD' in the user's zone. */
  defaultDate: string;
};

function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T | '';
  placeholder: string;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  disabled?: boolean;
  error?: string | undefined;
  empty?: string;
}) {
  const { id, label, value, placeholder, options, onChange, disabled, error, empty } = props;
  return (
    <Field id={id} label={label} error={error} hint={options.length === 0 ? empty : undefined}>
      <OptionSelect id={id} label={label} options={options} value={value} onChange={onChange} disabled={disabled || options.length === 0} placeholder={placeholder} invalid={invalidProps(id, error)} />
    </Field>
  );
}

export function NewScheduleDialog({ open, onOpenChange, templates, groups, targets, xAccounts, zone, defaultDate }: Props) {
  const now = useNow();
  const fresh = () => initialDialogState(defaultDate, xAccounts.map((a) => a.id));
  const { state, setState, errors, setErrors, set } = useFormFields<DialogState>(fresh);
  const [submitting, setSubmitting] = useState(false);


  const close = (next: boolean) => {
    if (submitting) return;
    if (!next) {
      setState(fresh());
      setErrors({});
    }
    onOpenChange(next);
  };

  const hint = dialogHint(state, now, zone);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const ctx = { now: new Date().toISOString(), timeZone: zone };
    const parsed = validate(scheduleFormSchemaAt(ctx), formInput(state));
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const created = await createTemplateSchedule(templatePayloadFromForm(parsed.value, ctx));
      toastScheduled({ title: M.created, description: scheduleCreatedDescription(state.scheduledTime), scheduleId: created.id });
      // Spec §4: after creation the dialog closes and the form resets.
      setState(fresh());
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [dialogField(err.field)]: err.message });
    } finally {
      setSubmitting(false);
    }
  }

  const activeTemplates = templates.filter((t) => t.isActive);
  const chosenTemplate = templates.find((t) => t.id === state.templateId) ?? null;
  const activeGroups = groups.filter((g) => g.isActive);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="new-schedule-dialog">
        <DialogHeader>
          <DialogTitle>New Schedule</DialogTitle>
          <DialogDescription>Reply to a monitored account from one of your X accounts, with a template or a rotating group.</DialogDescription>
        </DialogHeader>
        <form id="new-schedule-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
            <Choice
              id="schedule-source"
              label="Template source"
              value={state.templateSourceType}
              placeholder="Choose a source"
              options={[
                { value: 'template', label: 'Template' },
                { value: 'templateGroup', label: 'Template group (rotation)' },
              ]}
              onChange={(v) => set({ templateSourceType: v }, ['templateSourceType', 'templateId', 'templateGroupId'])}
              disabled={submitting}
              error={errors.templateSourceType}
            />
            {state.templateSourceType === 'template' ? (
              <Choice
                id="schedule-template"
                label="Template"
                value={state.templateId}
                placeholder="Choose a template"
                options={activeTemplates.map((t) => ({ value: t.id, label: t.name }))}
                onChange={(v) => set({ templateId: v })}
                disabled={submitting}
                error={errors.templateId}
                empty="No active templates yet: create one on Templates."
              />
            ) : (
              <Choice
                id="schedule-group"
                label="Template group"
                value={state.templateGroupId}
                placeholder="Choose a group"
                options={activeGroups.map((g) => ({ value: g.id, label: g.name }))}
                onChange={(v) => set({ templateGroupId: v })}
                disabled={submitting}
                error={errors.templateGroupId}
                empty="No active template groups yet."
              />
            )}
            <Field id="schedule-target" label="Target account" error={errors.accountId} hint={targets.length === 0 ? 'No target accounts available' : undefined}>
              <TargetCombobox
                id="schedule-target"
                accounts={targets}
                text={state.targetText}
                selectedId={state.accountId || null}
                onChange={(text, selected) => set({ targetText: text, accountId: selected?.id ?? '' }, ['accountId'])}
                disabled={submitting}
                invalid={invalidProps('schedule-target', errors.accountId)}
                placeholder="Search monitored accounts"
              />
            </Field>
            <Choice
              id="schedule-x-account"
              label="Your X account"
              value={state.connectedAccountId}
              placeholder="Post from..."
              options={xAccounts.map((a) => ({ value: a.id, label: accountLabel(a) }))}
              onChange={(v) => set({ connectedAccountId: v })}
              disabled={submitting}
              error={errors.connectedAccountId}
              empty="No connected accounts available: connect one on My X Accounts."
            />
          </div>

          <div className="grid gap-4 rounded-lg border p-4">
            <label className="flex items-center justify-between gap-3" htmlFor="schedule-recurring">
              <span className="grid">
                <span className="text-sm font-medium">Recurring</span>
                <span className="text-xs text-muted-foreground">Reply again at this time every day, week or month</span>
              </span>
              <Switch id="schedule-recurring" checked={state.isRecurring} onCheckedChange={(v) => set({ isRecurring: v }, ['isRecurring', 'scheduledDate', 'recurringDays'])} disabled={submitting} />
            </label>
            {state.isRecurring && (
              <div className="grid gap-4 sm:grid-cols-[10rem_1fr]" data-testid="schedule-recurrence">
                <Choice
                  id="schedule-frequency"
                  label="Frequency"
                  value={state.recurringType}
                  placeholder="How often"
                  options={RECURRING_TYPES.map((t) => ({ value: t, label: FREQUENCY_LABELS[t] }))}
                  onChange={(v) => set({ recurringType: v }, ['recurringType', 'recurringDays'])}
                  disabled={submitting}
                  error={errors.recurringType}
                />
                {state.recurringType === 'weekly' && (
                  <div className="grid content-start gap-2">
                    <span className="text-sm font-medium">Days of week</span>
                    <WeekdayToggles value={state.recurringDays} onChange={(days) => set({ recurringDays: days })} numbering="iso" disabled={submitting} />
                    {errors.recurringDays && (
                      <p className="text-sm font-medium text-destructive" role="alert">
                        {errors.recurringDays}
                      </p>
                    )}
                  </div>
                )}
                {state.recurringType === 'monthly' && (
                  <p className="self-end text-sm text-muted-foreground">On the day of the month of the date below (the last day in shorter months).</p>
                )}
                {state.recurringType === 'daily' && <p className="self-end text-sm text-muted-foreground">Every day at the chosen time.</p>}
              </div>
            )}
          </div>

          <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
            <Field
              id="schedule-date"
              label={state.isRecurring ? 'Date (optional)' : 'Date'}
              error={errors.scheduledDate}
              hint={state.isRecurring ? (state.recurringType === 'monthly' ? 'Its day of the month is used.' : 'Recurring replies start at the next matching time.') : undefined}
            >
              <Input
                id="schedule-date"
                type="date"
                value={state.scheduledDate}
                onChange={(e) => set({ scheduledDate: e.target.value }, ['scheduledDate', 'scheduledTime'])}
                disabled={submitting}
                {...invalidProps('schedule-date', errors.scheduledDate)}
              />
            </Field>
            <Choice
              id="schedule-time"
              label="Time of day"
              value={state.scheduledTime}
              placeholder="Choose a time"
              options={TIME_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] }))}
              onChange={(v: TimePreset) => set({ scheduledTime: v }, ['scheduledTime', 'customHour', 'customMinute'])}
              disabled={submitting}
              error={errors.scheduledTime}
            />
          </div>
          {state.scheduledTime === 'custom' && (
            <div className="grid grid-cols-2 gap-4 sm:w-1/2" data-testid="schedule-custom-time">
              <Field id="schedule-hour" label="Hour (0-23)" error={errors.customHour}>
                <Input
                  id="schedule-hour"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={23}
                  value={state.customHour}
                  onChange={(e) => set({ customHour: e.target.value }, ['customHour', 'scheduledTime'])}
                  disabled={submitting}
                  {...invalidProps('schedule-hour', errors.customHour)}
                />
              </Field>
              <Field id="schedule-minute" label="Minute (0-59)" error={errors.customMinute}>
                <Input
                  id="schedule-minute"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={59}
                  value={state.customMinute}
                  onChange={(e) => set({ customMinute: e.target.value }, ['customMinute', 'scheduledTime'])}
                  disabled={submitting}
                  {...invalidProps('schedule-minute', errors.customMinute)}
                />
              </Field>
            </div>
          )}

          {state.templateSourceType === 'template' && chosenTemplate ? (
            <ReplyPreview text={chosenTemplate.content} aiStyle={chosenTemplate.useAI ? chosenTemplate.viralStyle : null} />
          ) : (
            state.templateSourceType === 'templateGroup' &&
            state.templateGroupId !== '' && <ReplyPreview text="" aiStyle={null} emptyNote="The group's active templates take turns: each run posts the next one." />
          )}

          <PostRuleField
            id="schedule-post"
            choice={dialogPostChoice(state)}
            onChange={(post) => set({ post }, ['waitMinutes', 'freshnessMinutes', 'targetPost'])}
            recurring={state.isRecurring}
            targetUsername={targets.find((t) => t.id === state.accountId)?.username ?? null}
            disabled={submitting}
            error={errors.waitMinutes ?? errors.freshnessMinutes ?? errors.targetPost}
          />

          {hint && (
            <Alert data-testid="delivery-hint" className={hint.hint.kind === 'peak' ? 'border-emerald-300 bg-emerald-50' : hint.hint.kind === 'normal' ? undefined : 'border-amber-300 bg-amber-50'}>
              <Clock />
              <AlertTitle>{state.isRecurring ? 'First reply' : 'Reply goes out'} {formatDateTime(hint.at, zone)}</AlertTitle>
              <AlertDescription>{hint.hint.text}</AlertDescription>
            </Alert>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form="new-schedule-form" disabled={submitting}>
            {submitting && <Spinner />}
            {submitting ? 'Creating...' : 'Create Schedule'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// The New Schedule dialog's state (spec part 2 §3 Schedule form): what the inputs hold, turned into
// the shared form schema's input, and the delivery-time hint read at the run the dialog would plan.
import { plannedRun } from '@core/scheduling/form-payload';
import { scheduleFormSchemaAt, SCHEDULE_FORM_DEFAULTS, type ScheduleFormInput } from '@core/scheduling/schemas';
import { deliveryHint, type DeliveryHint, type RecurringType, type TimePreset } from '@core/scheduling/time';
import { defaultChoiceFor, type PostChoice } from '@core/scheduling/post-rule';
import { effectivePostChoice, postChoiceFields } from '@web/features/schedules/components/form/post-rule-field';

export type DialogState = {
  templateSourceType: 'template' | 'templateGroup';
  templateId: string;
  templateGroupId: string;
  accountId: string;
  /** What the target combo-box shows. */
  targetText: string;
  connectedAccountId: string;
  isRecurring: boolean;
  recurringType: RecurringType;
  /** Form numbering: 1 Monday ... 7 Sunday. */
  recurringDays: number[];
  scheduledDate: string;
  scheduledTime: TimePreset;
  customHour: string;
  customMinute: string;
  /** Which post it answers, as the user chose it; null: the default (an exact time: the freshest post). */
  post: PostChoice | null;
};

/** The post the dialog's reply answers (its times are exact: the freshest post unless the user picks their next one). */
export const dialogPostChoice = (s: DialogState): PostChoice => effectivePostChoice(s.post, defaultChoiceFor('exact', s.isRecurring), s.isRecurring);

/** A fresh dialog: the spec's defaults, the date set to `date` and a single X account preselected. */
export const initialDialogState = (date: string, connectedAccountIds: readonly string[]): DialogState => ({
  templateSourceType: SCHEDULE_FORM_DEFAULTS.templateSourceType,
  templateId: '',
  templateGroupId: '',
  accountId: '',
  targetText: '',
  connectedAccountId: connectedAccountIds.length === 1 ? (connectedAccountIds[0] ?? '') : '',
  isRecurring: SCHEDULE_FORM_DEFAULTS.isRecurring,
  recurringType: SCHEDULE_FORM_DEFAULTS.recurringType,
  recurringDays: [],
  scheduledDate: date,
  scheduledTime: SCHEDULE_FORM_DEFAULTS.scheduledTime,
  customHour: String(SCHEDULE_FORM_DEFAULTS.customHour),
  customMinute: String(SCHEDULE_FORM_DEFAULTS.customMinute).padStart(2, '0'),
  post: null,
});

export const formInput = (s: DialogState): ScheduleFormInput => ({
  templateSourceType: s.templateSourceType,
  accountId: s.accountId,
  connectedAccountId: s.connectedAccountId,
  templateId: s.templateSourceType === 'template' ? s.templateId : '',
  templateGroupId: s.templateSourceType === 'templateGroup' ? s.templateGroupId : '',
  isRecurring: s.isRecurring,
  recurringType: s.recurringType,
  recurringDays: s.recurringDays,
  scheduledDate: s.scheduledDate,
  scheduledTime: s.scheduledTime,
  customHour: s.customHour,
  customMinute: s.customMinute,
  ...postChoiceFields(dialogPostChoice(s)),
});

export type DialogHint = { at: string; hint: DeliveryHint };

/**
 * When the reply would go out and the delivery-time hint there, as soon as the time fields say it
 * (the accounts and template need not be chosen yet); null while the time is incomplete or past.
 */
export function dialogHint(s: DialogState, now: Date, timeZone: string): DialogHint | null {
  const ctx = { now: now.toISOString(), timeZone };
  const parsed = scheduleFormSchemaAt(ctx).safeParse({
    ...formInput(s),
    accountId: 'any',
    connectedAccountId: 'any',
    templateId: 'any',
    templateGroupId: 'any',
  });
  if (!parsed.success) return null;
  const at = plannedRun(parsed.data, ctx);
  return at === null ? null : { at, hint: deliveryHint(at, timeZone) };
}

/** Server fields the dialog shows next to its own inputs. */
export const dialogField = (field: string): string => {
  if (field === 'recurringHour' || field === 'recurringMinute' || field === 'recurringTime') return 'scheduledTime';
  return field;
};

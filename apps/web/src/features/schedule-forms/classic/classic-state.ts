// The classic form's state and how it becomes the call's payload (spec part 2 §5 Classic form,
// §7 classic variant of POST /api/schedules). Pure: the page keeps the state, this file turns it
// into what the shared schemas check and what the server receives.
import { CLASSIC_FORM_DEFAULTS } from '@core/scheduling/schemas';
import { classicFromPeakWindow, isoFromSundayZero, nextPeakSlot, type PeakWindow, type RecurrencePattern, type RecurringType, type SundayZeroWeekday } from '@core/scheduling/time';
import type { ClassicStyle } from '@core/styles';
import { defaultChoiceFor, type PostChoice } from '@core/scheduling/post-rule';
import { AUTO_OFF, autoFields, effectivePostChoice, postChoiceFields, type AutoChoice, type ClassicPayload, type ExactTime } from '@web/features/schedules';

export type ClassicState = {
  targetText: string;
  targetId: string | null;
  isRecurring: boolean;
  recurringType: RecurringType;
  /** 0 Sunday ... 6 Saturday, this form's numbering. */
  weeklyDays: number[];
  monthDay: number;
  useAI: boolean;
  viralStyle: ClassicStyle;
  content: string;
  image: File | null;
  peakWindow: PeakWindow | null;
  /** An exact date and time instead of the window (one-time replies only); null: the window. */
  exact: ExactTime | null;
  /** Which post it answers, as the user chose it; null: the default of the timing chosen. */
  post: PostChoice | null;
  /** On: an auto reply to each new post of the target (no window, time or recurrence). */
  auto: AutoChoice;
};

/** The post the reply answers: the user's choice, or what the peak window, exact time or recurrence implies. */
export const classicPostChoice = (s: ClassicState): PostChoice =>
  effectivePostChoice(s.post, defaultChoiceFor(s.exact !== null && !s.isRecurring ? 'exact' : 'peak', s.isRecurring), s.isRecurring);

export const initialClassicState = (monthDay: number, peakWindow: PeakWindow | null, viralStyle: ClassicStyle = CLASSIC_FORM_DEFAULTS.viralStyle): ClassicState => ({
  targetText: '',
  targetId: null,
  isRecurring: CLASSIC_FORM_DEFAULTS.isRecurring,
  recurringType: CLASSIC_FORM_DEFAULTS.recurringType,
  weeklyDays: [...CLASSIC_FORM_DEFAULTS.weeklyDays],
  monthDay,
  useAI: CLASSIC_FORM_DEFAULTS.useAI,
  viralStyle,
  content: '',
  image: null,
  peakWindow,
  exact: null,
  post: null,
  auto: AUTO_OFF,
});

/** The recurring days the form sends: weekly days 0-6, the day of the month, or none. */
export const recurringDaysOf = (s: ClassicState): number[] =>
  !s.isRecurring ? [] : s.recurringType === 'weekly' ? s.weeklyDays : s.recurringType === 'monthly' ? [s.monthDay] : [];

/** The rule the form describes, days in the core's numbering (for the windows' 'Next' times). */
export const recurrenceOf = (s: ClassicState): RecurrencePattern | null => {
  if (!s.isRecurring) return null;
  switch (s.recurringType) {
    case 'daily':
      return { type: 'daily' };
    case 'weekly':
      return { type: 'weekly', days: s.weeklyDays.map((d) => isoFromSundayZero(d as SundayZeroWeekday)) };
    case 'monthly':
      return { type: 'monthly', days: [s.monthDay] };
  }
};

/** What classicFormSchema checks. */
export const classicFormInput = (s: ClassicState, xAccountId: string | null) => ({
  accountId: xAccountId ?? '',
  targetAccount: s.targetText,
  content: s.content,
  scheduleType: s.peakWindow ? classicFromPeakWindow(s.peakWindow) : undefined,
  auto: s.auto.on,
  isRecurring: s.isRecurring && !s.auto.on,
  recurringType: s.recurringType,
  recurringDays: recurringDaysOf(s),
  useAI: s.useAI,
  viralStyle: s.viralStyle,
  image: s.image ? { type: s.image.type, size: s.image.size } : null,
});

/** An auto reply's payload: the same call with scheduleType 'auto' and its delay, no window or time. */
export const classicAutoPayload = (s: ClassicState, ids: { targetId: string; targetUsername: string; xAccountId: string }, imageUrl: string | null): ClassicPayload => ({
  accountId: ids.targetId,
  connectedAccountId: ids.xAccountId,
  ...autoFields(s.auto),
  isActive: true,
  isExecuted: false,
  useAI: s.useAI,
  viralStyle: s.viralStyle,
  conditions: { content: s.content, targetAccount: ids.targetUsername, imageIncluded: imageUrl !== null },
  imageUrl,
});

/**
 * The classic variant's payload: accountId is the TARGET here, connectedAccountId the user's X
 * account; scheduledTime is the window's next slot (the server recomputes it from the window).
 */
export const classicPayload = (
  s: ClassicState & { peakWindow: PeakWindow },
  ids: { targetId: string; targetUsername: string; xAccountId: string },
  imageUrl: string | null,
  now: Date,
  zone: string,
  exactTime: string | null = null,
): ClassicPayload => ({
  accountId: ids.targetId,
  connectedAccountId: ids.xAccountId,
  scheduleType: 'scheduled',
  scheduledTime: nextPeakSlot(s.peakWindow, now, zone),
  peakWindowType: s.peakWindow,
  ...(exactTime !== null && !s.isRecurring ? { exactTime } : {}),
  isActive: true,
  isExecuted: false,
  isRecurring: s.isRecurring,
  recurringType: s.recurringType,
  recurringDays: recurringDaysOf(s),
  useAI: s.useAI,
  viralStyle: s.viralStyle,
  conditions: { content: s.content, targetAccount: ids.targetUsername, imageIncluded: imageUrl !== null },
  imageUrl,
  ...postChoiceFields(classicPostChoice(s)),
});

// The New AI Reply form's state and its payload, POST /api/v2/schedule (spec part 2 §5 V2 form,
// §7): a peak window, or an exact time for a one-time reply (ours: exactTime); viralStyle null without AI, content null with AI and no text,
// recurringDays (1 Monday ... 7 Sunday) null when not recurring.
import { V2_DEFAULT_DAYS, type PeakWindow } from '@core/scheduling/time';
import { DEFAULT_V2_STYLE, type V2Style } from '@core/styles';
import { defaultChoiceFor, type PostChoice } from '@core/scheduling/post-rule';
import { AUTO_OFF, autoFields, effectivePostChoice, postChoiceFields, type AutoChoice, type ExactTime, type V2Payload } from '@web/features/schedules';

export type V2State = {
  /** What the target picker shows; accountId is set only when it names an account. */
  targetText: string;
  accountId: string;
  connectedAccountId: string;
  useAI: boolean;
  viralStyle: V2Style;
  content: string;
  image: File | null;
  peakWindow: PeakWindow | null;
  /** An exact date and time instead of the window (one-time replies only); null: the window. */
  exact: ExactTime | null;
  isRecurring: boolean;
  recurringDays: number[];
  /** Which post it answers, as the user chose it; null: the default of the timing chosen. */
  post: PostChoice | null;
  /** On: an auto reply to each new post of the target (no window, time or recurrence). */
  auto: AutoChoice;
};

/** The post the reply answers: the user's choice, or what the window, exact time or recurrence implies. */
export const v2PostChoice = (s: V2State): PostChoice =>
  effectivePostChoice(s.post, defaultChoiceFor(s.exact !== null && !s.isRecurring ? 'exact' : 'peak', s.isRecurring), s.isRecurring);

/** `useAI`: on only where an AI model is connected (without one, the offline writer is opt-in). */
export const initialV2State = (connectedAccountId: string, peakWindow: PeakWindow | null, viralStyle: V2Style = DEFAULT_V2_STYLE, useAI = false): V2State => ({
  targetText: '',
  accountId: '',
  connectedAccountId,
  useAI,
  viralStyle,
  content: '',
  image: null,
  peakWindow,
  exact: null,
  isRecurring: false,
  recurringDays: [...V2_DEFAULT_DAYS],
  post: null,
  auto: AUTO_OFF,
});

export const v2Payload = (s: V2State, imageUrl: string | null, exactTime: string | null = null): V2Payload =>
  s.auto.on
    ? {
        accountId: s.accountId,
        connectedAccountId: s.connectedAccountId,
        ...autoFields(s.auto),
        useAI: s.useAI,
        viralStyle: s.useAI ? s.viralStyle : null,
        content: s.useAI && s.content.trim() === '' ? null : s.content,
        imageUrl,
      }
    : {
  accountId: s.accountId,
  connectedAccountId: s.connectedAccountId,
  scheduleType: 'peak_window',
  scheduledTime: null,
  // A missing window is left for the schema to report (with its message).
  peakWindowType: s.peakWindow as PeakWindow,
  ...(exactTime !== null && !s.isRecurring ? { exactTime } : {}),
  useAI: s.useAI,
  viralStyle: s.useAI ? s.viralStyle : null,
  content: s.useAI && s.content.trim() === '' ? null : s.content,
  isRecurring: s.isRecurring,
  recurringDays: s.isRecurring ? s.recurringDays : null,
  imageUrl,
  ...postChoiceFields(v2PostChoice(s)),
};

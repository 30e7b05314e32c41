// The New AI Reply form's state and its payload, POST /api/v2/schedule (spec part 2 §5 V2 form,
// §7): always a peak window; viralStyle null without AI, content null with AI and no text,
// recurringDays (1 Monday ... 7 Sunday) null when not recurring.
import { V2_DEFAULT_DAYS, type PeakWindow } from '@core/scheduling/time';
import { DEFAULT_V2_STYLE, type V2Style } from '@core/styles';
import type { V2Payload } from '@web/features/schedules';

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
  isRecurring: boolean;
  recurringDays: number[];
};

export const initialV2State = (connectedAccountId: string, peakWindow: PeakWindow | null, viralStyle: V2Style = DEFAULT_V2_STYLE): V2State => ({
  targetText: '',
  accountId: '',
  connectedAccountId,
  useAI: true,
  viralStyle,
  content: '',
  image: null,
  peakWindow,
  isRecurring: false,
  recurringDays: [...V2_DEFAULT_DAYS],
});

export const v2Payload = (s: V2State, imageUrl: string | null): V2Payload => ({
  accountId: s.accountId,
  connectedAccountId: s.connectedAccountId,
  scheduleType: 'peak_window',
  scheduledTime: null,
  // A missing window is left for the schema to report (with its message).
  peakWindowType: s.peakWindow as PeakWindow,
  useAI: s.useAI,
  viralStyle: s.useAI ? s.viralStyle : null,
  content: s.useAI && s.content.trim() === '' ? null : s.content,
  isRecurring: s.isRecurring,
  recurringDays: s.isRecurring ? s.recurringDays : null,
  imageUrl,
});

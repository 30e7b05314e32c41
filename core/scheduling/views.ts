/**
 * What the API answers for schedules (spec part 2 §3 "in lists also", §7): one shape for the
 * server's read queries and the web app's hooks. Instants are ISO UTC; `timeZone` is the IANA zone
 * the schedule was made in and is read in.
 */
import type { Conditions, ScheduleType } from './model';
import type { ScheduleStatus } from './schedule';
import type { PeakWindow, RecurringType } from './time';

export interface ScheduleView {
  id: string;
  userId: string;
  /** The owner's username. */
  userName: string | null;
  /** The monitored (target) account whose posts are answered. */
  accountId: string;
  targetUsername: string | null;
  /** The user's connected X account that posts. */
  connectedAccountId: string;
  /** That account's username. */
  accountName: string | null;
  templateId: string | null;
  templateName: string | null;
  templateGroupId: string | null;
  templateGroupName: string | null;
  lastTemplateIndex: number;
  scheduleType: ScheduleType;
  /** One-shot schedules: when they run. */
  scheduledTime: string | null;
  delayMinutes: number;
  isRecurring: boolean;
  recurringType: RecurringType | null;
  /** Weekly: ISO weekdays 1 Monday ... 7 Sunday; monthly: days 1-31; null otherwise. */
  recurringDays: number[] | null;
  /** The rule's wall-clock time in `timeZone`, 'HH:MM'. */
  recurringTime: string | null;
  /** UTC hour and minute of the next run (spec §3 "recurringHour, recurringMinute (UTC)"). */
  recurringHour: number | null;
  recurringMinute: number | null;
  nextRunTime: string | null;
  conditions: Conditions;
  peakWindowType: PeakWindow | null;
  imageUrl: string | null;
  isActive: boolean;
  isExecuted: boolean;
  status: ScheduleStatus;
  /** Fixed text, or the text the AI rewrites (null when the AI answers the post, or a template is used). */
  content: string | null;
  useAI: boolean;
  viralStyle: string | null;
  lastExecutedAt: string | null;
  lastRunOutcome: string | null;
  runCount: number;
  timeZone: string;
  createdAt: string;
  updatedAt: string;
}

/** A reply a schedule produced (spec §3 Reply; the schedule page shows replyPostId and sentAt). */
export interface ScheduleReplyView {
  id: string;
  postId: string | null;
  replyPostId: string | null;
  content: string | null;
  status: string;
  statusMessage: string | null;
  sentAt: string | null;
  /** The reply on X (x.com, or the sandbox emulator's page), when X gave its post id. */
  replyUrl: string | null;
}

/**
 * What the API answers for schedules (spec part 2 §3 "in lists also", §7): one shape for the
 * server's read queries and the web app's hooks. Instants are ISO UTC; `timeZone` is the IANA zone
 * the schedule was made in and is read in.
 *
 * The one place where what a schedule shows is derived from its facts (the ScheduleCreated data):
 * `schedulePresentation` gives the spec-shaped fields, `statusFlags` the spec's isActive/isExecuted
 * of a status. The projection stores what they give; the read queries answer it.
 */
import { z } from 'zod';
import type { WritingStyle } from '@core/styles';
import { describes } from '@core/shared/response-schema';
import { latestRunViewSchema, type LatestRunView } from './run-state';
import { assertNever } from '@core/shared/decider';
import { isRecurringPlan, recurringTypeOf, scheduleTypeOf, SCHEDULE_TYPES, type Conditions, type ScheduleType } from './model';
import { ruleOf } from './plan';
import { targetPostViewSchema, type TargetPostView } from './post-rule';
import type { ScheduleCreatedData, ScheduleStatus } from './schedule';
import { formatTime, PEAK_WINDOWS, RECURRING_TYPES, type Instant, type PeakWindow, type RecurringType } from './time';

/** The spec-shaped fields of a schedule, all derived from its facts. */
export interface SchedulePresentation {
  scheduleType: ScheduleType;
  /** One-shot plans: the time it runs (its first run); null for recurring and auto. */
  scheduledTime: Instant | null;
  peakWindowType: PeakWindow | null;
  useAI: boolean;
  viralStyle: WritingStyle | null;
  conditions: Conditions;
  /** Fixed text, or the text the AI rewrites. */
  content: string | null;
  templateId: string | null;
  templateGroupId: string | null;
  delayMinutes: number;
  isRecurring: boolean;
  recurringType: RecurringType | null;
  recurringDays: number[] | null;
  recurringTime: string | null;
}

export const schedulePresentation = (facts: ScheduleCreatedData): SchedulePresentation => {
  const { plan, content } = facts;
  const text = content.kind === 'text' ? content.text : content.kind === 'ai' ? content.baseText : null;
  const oneShot = plan.kind === 'immediate' || plan.kind === 'once' || (plan.kind === 'peak' && plan.recurrence === null);
  const rule = ruleOf(plan);
  return {
    scheduleType: scheduleTypeOf(plan),
    scheduledTime: oneShot ? facts.nextRunTime : null,
    peakWindowType: plan.kind === 'peak' ? plan.window : null,
    useAI: content.kind === 'ai',
    viralStyle: content.kind === 'ai' ? content.style : null,
    conditions: { content: text, targetAccount: facts.targetUsername, imageIncluded: facts.imageUrl !== null },
    content: text,
    templateId: content.kind === 'template' ? content.templateId : null,
    templateGroupId: content.kind === 'template_group' ? content.templateGroupId : null,
    delayMinutes: plan.kind === 'auto' ? plan.delayMinutes : 0,
    isRecurring: isRecurringPlan(plan),
    recurringType: recurringTypeOf(plan),
    recurringDays: rule === null || rule.type === 'daily' ? null : [...rule.days],
    recurringTime: rule === null ? null : formatTime(rule.time),
  };
};

/** The spec's flags of a status: an executed schedule stays active (it was never deactivated). */
export const statusFlags = (status: ScheduleStatus): { isActive: boolean; isExecuted: boolean } => {
  switch (status) {
    case 'pending':
      return { isActive: true, isExecuted: false };
    case 'paused':
    case 'inactive':
      return { isActive: false, isExecuted: false };
    case 'executed':
      return { isActive: true, isExecuted: true };
    default:
      return assertNever(status, 'schedule status');
  }
};

/**
 * The spec's recurringHour and recurringMinute (UTC) of a recurring schedule: the UTC reading of its
 * next run, which is what they mean today and after the next DST change too.
 */
export const recurringUtcClock = (isRecurring: boolean, nextRunTime: string | null): { recurringHour: number | null; recurringMinute: number | null } => {
  const ms = isRecurring && nextRunTime !== null ? Date.parse(nextRunTime) : Number.NaN;
  if (Number.isNaN(ms)) return { recurringHour: null, recurringMinute: null };
  const minutes = Math.floor(ms / 60_000);
  return { recurringHour: (((Math.floor(minutes / 60)) % 24) + 24) % 24, recurringMinute: ((minutes % 60) + 60) % 60 };
};

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
  /** Which post a run answers, and the words the screens show for it (post-rule.ts). */
  targetPost: TargetPostView;
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
  /** The latest run's reply as it is now (core/scheduling/run-state.ts); null before the first run. */
  latestRun: LatestRunView | null;
  runCount: number;
  timeZone: string;
  createdAt: string;
  updatedAt: string;
}

/** What GET /api/schedules, GET /api/schedules/:id and the creating calls answer (openapi: responds). */
export const scheduleViewSchema = describes<ScheduleView>()(
  z.object({
    id: z.string(),
    userId: z.string(),
    userName: z.string().nullable(),
    accountId: z.string(),
    targetUsername: z.string().nullable(),
    connectedAccountId: z.string(),
    accountName: z.string().nullable(),
    templateId: z.string().nullable(),
    templateName: z.string().nullable(),
    templateGroupId: z.string().nullable(),
    templateGroupName: z.string().nullable(),
    lastTemplateIndex: z.number().int(),
    scheduleType: z.enum(SCHEDULE_TYPES),
    scheduledTime: z.string().nullable(),
    delayMinutes: z.number(),
    targetPost: targetPostViewSchema,
    isRecurring: z.boolean(),
    recurringType: z.enum(RECURRING_TYPES).nullable(),
    recurringDays: z.array(z.number().int()).nullable(),
    recurringTime: z.string().nullable(),
    recurringHour: z.number().int().nullable(),
    recurringMinute: z.number().int().nullable(),
    nextRunTime: z.string().nullable(),
    conditions: z.object({ content: z.string().nullable(), targetAccount: z.string().nullable(), imageIncluded: z.boolean() }),
    peakWindowType: z.enum(PEAK_WINDOWS).nullable(),
    imageUrl: z.string().nullable(),
    isActive: z.boolean(),
    isExecuted: z.boolean(),
    status: z.enum(['pending', 'paused', 'inactive', 'executed']),
    content: z.string().nullable(),
    useAI: z.boolean(),
    viralStyle: z.string().nullable(),
    lastExecutedAt: z.string().nullable(),
    lastRunOutcome: z.string().nullable(),
    latestRun: latestRunViewSchema.nullable(),
    runCount: z.number().int(),
    timeZone: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

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
  /** When the post answered was made; null when not recorded. */
  postCreatedAt: string | null;
  /** While the reply is ready: X's composer with it filled in (one tap posts it). */
  intentUrl: string | null;
}

export const scheduleReplyViewSchema = describes<ScheduleReplyView>()(
  z.object({
    id: z.string(),
    postId: z.string().nullable(),
    replyPostId: z.string().nullable(),
    content: z.string().nullable(),
    status: z.string(),
    statusMessage: z.string().nullable(),
    sentAt: z.string().nullable(),
    replyUrl: z.string().nullable(),
    postCreatedAt: z.string().nullable(),
    intentUrl: z.string().nullable(),
  }),
);

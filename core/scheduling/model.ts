/**
 * What a schedule is, independent of the form that made it (classic, V2, template based, bulk):
 * who posts (connected account) under whom (target, the monitored account), what (content source,
 * image) and when (plan). Forms are turned into a draft by drafts/*.ts; the decider turns a draft
 * into a schedule with its next run time.
 */
import type { WritingStyle } from '@core/styles';
import type { Instant, PeakWindow, Recurrence, RecurrencePattern, RecurringType } from '@core/scheduling/time';

/** The stored scheduleType values (spec part 2 §3). */
export const SCHEDULE_TYPES = ['immediate', 'scheduled', 'recurring', 'peak_window', 'auto'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** Where the reply's text comes from when it runs. */
export type ContentSource =
  | { kind: 'text'; text: string }
  | { kind: 'template'; templateId: string }
  /** The group hands out its templates in turn (core/templates/rotation.ts); the cursor is the schedule's. */
  | { kind: 'template_group'; templateGroupId: string }
  /** An AI reply in a style; `baseText` is the user's text to rewrite (classic), or null (V2: reply to the post). */
  | { kind: 'ai'; style: WritingStyle; baseText: string | null };

/** When it runs. Times of recurring rules are wall-clock times in the schedule's zone. */
export type Plan =
  | { kind: 'immediate' }
  | { kind: 'once'; at: Instant }
  | { kind: 'recurring'; rule: Recurrence }
  /** A peak window's posting time: its next slot, or (with a pattern) the pattern's days from that slot on. */
  | { kind: 'peak'; window: PeakWindow; recurrence: RecurrencePattern | null }
  /** When the target account posts, after `delayMinutes`. */
  | { kind: 'auto'; delayMinutes: number };

/** Which post a timed run answers, as the user chose it (the rule and its words: post-rule.ts). */
export type PostChoice = { kind: 'next'; waitMinutes: number } | { kind: 'freshest'; freshnessMinutes: number };

export interface ScheduleDraft {
  /** The monitored account whose posts are answered (the spec's accountId). */
  targetAccountId: string;
  /** The user's connected X account that posts the reply. */
  connectedAccountId: string;
  content: ContentSource;
  imageUrl: string | null;
  plan: Plan;
  /** Which post a run answers (post-rule.ts); absent: the plan's default. Ignored for auto plans. */
  post?: PostChoice | null;
  /** Names at creation, shown by lists; the ids stay the truth. */
  targetUsername?: string | null;
  accountName?: string | null;
}

/** The spec's conditions{content, targetAccount, imageIncluded} (part 2 §3, §7). */
export interface Conditions {
  content: string | null;
  targetAccount: string | null;
  imageIncluded: boolean;
}

export const scheduleTypeOf = (plan: Plan): ScheduleType => {
  switch (plan.kind) {
    case 'immediate':
      return 'immediate';
    case 'once':
      return 'scheduled';
    case 'recurring':
      return 'recurring';
    case 'peak':
      return 'peak_window';
    case 'auto':
      return 'auto';
  }
};

export const isRecurringPlan = (plan: Plan): boolean => plan.kind === 'recurring' || (plan.kind === 'peak' && plan.recurrence !== null);

export const recurringTypeOf = (plan: Plan): RecurringType | null =>
  plan.kind === 'recurring' ? plan.rule.type : plan.kind === 'peak' && plan.recurrence !== null ? plan.recurrence.type : null;

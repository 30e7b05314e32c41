/**
 * What really happened to a schedule's runs, in one place for every screen (the Schedules table
 * and cards, a schedule's page, V2's list, the calendar's chips, the dashboard): the latest run's
 * outcome as its reply shows it now (sent with its link, ready to send with X's composer, failed
 * with the reason in plain words, skipped, expired, unconfirmed), and the next run, or 'Late' when
 * its time has passed and no run was recorded: the scheduler has not run it. Pure: `now` is an
 * argument.
 */
import { z } from 'zod';
import { statusBadge, statusReason, type BadgeVariant } from '@core/replies/views';
import { describes } from '@core/shared/response-schema';
import type { TargetPostView } from './post-rule';

/** A run whose time passed longer ago than this with nothing recorded is late (dispatch looks every second or so). */
export const LATE_AFTER_MS = 2 * 60_000;

export const LATE_TEXT = 'Late: the scheduler has not run it yet';

/** The latest run of a schedule as its reply shows it now (the replies read model). */
export interface LatestRunView {
  slot: string;
  status: string;
  statusMessage: string | null;
  replyPostId: string | null;
  connectedUsername: string | null;
  /** The reply on X, added by the server (it knows X's web address). */
  replyUrl: string | null;
  /** X's composer, pre-filled, while the reply is ready to send. */
  intentUrl: string | null;
  sentAt: string | null;
  /** When the post it answers was made (null: not known, or no post found). */
  postCreatedAt: string | null;
}

export const latestRunViewSchema = describes<LatestRunView>()(
  z.object({
    slot: z.string(),
    status: z.string(),
    statusMessage: z.string().nullable(),
    replyPostId: z.string().nullable(),
    connectedUsername: z.string().nullable(),
    replyUrl: z.string().nullable(),
    intentUrl: z.string().nullable(),
    sentAt: z.string().nullable(),
    postCreatedAt: z.string().nullable(),
  }),
);

/** What a schedule's state rests on. */
export interface RunFacts {
  isActive: boolean;
  isExecuted: boolean;
  scheduleType: string;
  nextRunTime: string | null;
  targetUsername: string | null;
  latestRun: LatestRunView | null;
  /** Which post its runs answer: a run waiting for the target's next post is not late. */
  targetPost?: Pick<TargetPostView, 'kind' | 'waitMinutes'>;
}

export interface RunOutcomeView {
  label: string;
  /** The reply's status (badge icons differ per status). */
  status: string;
  variant: BadgeVariant;
  /** The reason in plain words; null for a sent reply. */
  reason: string | null;
  link: { href: string; text: string } | null;
  at: string | null;
  /** What its post's time says (core/replies postTimeWords reads it): the post's age, or how soon after it the reply went out. */
  post: { status: string; postCreatedAt: string | null; sentAt: string | null };
}

export type NextRunView =
  | { kind: 'upcoming'; at: string }
  | { kind: 'late'; dueAt: string; text: typeof LATE_TEXT }
  /** `until`: a run waiting for the target's next post waits until then. */
  | { kind: 'waiting'; text: string; until?: string }
  | { kind: 'none' };

export interface RunStateView {
  last: RunOutcomeView | null;
  next: NextRunView;
}

const outcomeOf = (run: LatestRunView, xName: string): RunOutcomeView => {
  const badge = statusBadge(run.status, run.statusMessage);
  const link =
    badge.status === 'sent' && run.replyUrl !== null
      ? { href: run.replyUrl, text: `View reply on ${xName}` }
      : badge.status === 'ready' && run.intentUrl !== null
        ? { href: run.intentUrl, text: `Post on ${xName}` }
        : null;
  return {
    label: badge.label,
    status: badge.status,
    variant: badge.variant,
    reason: badge.status === 'sent' ? null : statusReason(run.status, run.statusMessage),
    link,
    at: run.sentAt ?? run.slot,
    post: { status: badge.status, postCreatedAt: run.postCreatedAt, sentAt: run.sentAt },
  };
};

/** Until when a run due at `nextRunTime` waits for the target's next post (null: it does not wait). */
export const waitsForPostUntil = (facts: Pick<RunFacts, 'nextRunTime' | 'targetPost'>): number | null =>
  facts.nextRunTime === null || facts.targetPost?.kind !== 'next' || facts.targetPost.waitMinutes === null
    ? null
    : Date.parse(facts.nextRunTime) + facts.targetPost.waitMinutes * 60_000;

export const isLate = (facts: Pick<RunFacts, 'isActive' | 'isExecuted' | 'nextRunTime' | 'latestRun' | 'targetPost'>, nowMs: number): boolean => {
  if (!facts.isActive || facts.isExecuted || facts.nextRunTime === null) return false;
  const until = waitsForPostUntil(facts);
  const due = until !== null && nowMs >= Date.parse(facts.nextRunTime) ? until : Date.parse(facts.nextRunTime);
  // A run of that slot already recorded (its reply exists) is not late: it is what `last` shows.
  return nowMs - due > LATE_AFTER_MS && facts.latestRun?.slot !== facts.nextRunTime;
};

/** `xName`: what the app calls X ('Sandbox X' when it is emulated), for the links' words. */
export const runState = (facts: RunFacts, nowMs: number, xName = 'X'): RunStateView => {
  const last = facts.latestRun === null ? null : outcomeOf(facts.latestRun, xName);
  if (!facts.isActive || facts.isExecuted) return { last, next: { kind: 'none' } };
  const until = waitsForPostUntil(facts);
  if (facts.nextRunTime !== null && until !== null && nowMs >= Date.parse(facts.nextRunTime) && !isLate(facts, nowMs)) {
    return { last, next: { kind: 'waiting', text: `Waiting for the next post of @${facts.targetUsername ?? 'the account'}`, until: new Date(until).toISOString() } };
  }
  if (facts.nextRunTime !== null) {
    return {
      last,
      next: isLate(facts, nowMs) ? { kind: 'late', dueAt: facts.nextRunTime, text: LATE_TEXT } : { kind: 'upcoming', at: facts.nextRunTime },
    };
  }
  if (facts.scheduleType === 'auto') return { last, next: { kind: 'waiting', text: `Waiting for @${facts.targetUsername ?? 'the account'} to post` } };
  return { last, next: { kind: 'none' } };
};

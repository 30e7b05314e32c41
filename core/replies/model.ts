/**
 * A reply: one stream per reply (`reply-<replyId>`). A scheduled run's replyId is derived from the
 * schedule and the slot (core/scheduling runReplyId), so a scheduler that takes over a dead one's
 * claim finds the same stream and carries on from what was recorded there.
 */
import type { Instant } from '@core/scheduling/time';
import { X_REPLY_STATUSES } from '@core/x/outcomes';

export const replyStream = (replyId: string): string => `reply-${replyId}`;

/**
 * The statuses a reply shows: the spec's (part 2 §4: pending, sent, failed, rate_limited, duplicate,
 * invalid_content, account_suspended, post_unavailable, insufficient_permissions, rejected) and
 * Riposte's delivery statuses (sending, not_summoned, unconfirmed, ready, skipped, expired).
 * Every status an X answer can lead to is one of them (core/x/outcomes.ts).
 */
export const REPLY_STATUSES = ['pending', 'sending', ...X_REPLY_STATUSES, 'ready', 'skipped', 'expired'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

/** Statuses of a reply that ended without going out, each with its reason. */
export const FAILURE_STATUSES = [
  'failed',
  'duplicate',
  'invalid_content',
  'account_suspended',
  'post_unavailable',
  'insufficient_permissions',
  'rejected',
  'not_summoned',
] as const satisfies readonly ReplyStatus[];
export type FailureStatus = (typeof FAILURE_STATUSES)[number];

export const isFailureStatus = (status: string): status is FailureStatus => (FAILURE_STATUSES as readonly string[]).includes(status);

/** direct: the scheduler posts through the API; assisted: the user posts from X's own composer. */
export type DeliveryMode = 'direct' | 'assisted';

/** How a sent reply became known: X's answer to our post, found on X afterwards, or the user's word. */
export type SentVia = 'api' | 'detected' | 'user';

/** Who ended a reply with 'skipped'. */
export type SkippedBy = 'scheduler' | 'user';

/**
 * Who put a reply that is not on X back to be sent: the scheduler, once reconciliation established
 * its send did not reach X and the run is still on time; or the user, by hand.
 */
export type RequeuedBy = 'scheduler' | 'user';

/** When the run of `run` became due: what its lateness counts from. */
export const dueAtOf = (run: Pick<ReplyRun, 'slot' | 'dueAt'>): Instant => run.dueAt ?? run.slot;

/** The run a reply belongs to: who answers whom, for which schedule and slot. Facts, fixed at the start. */
export interface ReplyRun {
  replyId: string;
  userId: string;
  /** null for a reply that no schedule made (the admin's direct reply). */
  scheduleId: string | null;
  /** The run's due time (the schedule's slot); the time of the direct reply otherwise. */
  slot: Instant;
  /**
   * When the run became due, where that is after its slot (an auto run whose post was seen late):
   * how late it goes out counts from here (rules/timing lateness). Absent: the slot.
   */
  dueAt?: Instant;
  /** The monitored account answered (the spec's accountId). */
  targetAccountId: string;
  targetUsername: string | null;
  /** The user's connected X account that posts. */
  connectedAccountId: string;
  connectedUsername: string | null;
}

/** What preparation decided: the post answered, the final text and how it goes out. */
export interface PreparedReply {
  /** The target post (X id) and its author's X id. */
  postId: string;
  postAuthorId: string;
  /**
   * The target post's text as X showed it when the reply was prepared (the queue shows an excerpt).
   * Null for replies prepared before it was recorded (upcast.ts).
   */
  postText: string | null;
  /**
   * When the target post was made, as X said: how early a reply went out is measured from it, and
   * screens show the post's age. Null where X gave no time, and for replies prepared before it was
   * recorded (upcast.ts).
   */
  postCreatedAt: Instant | null;
  /** The final text: mentions stripped, length limited (rules/text.ts). */
  text: string;
  /** True when the text was cut to the account's length limit. */
  truncated: boolean;
  imageUrl: string | null;
  /** The template the text came from (null for fixed text and AI without a template). */
  templateId: string | null;
  /** The template group's rotation cursor after this pick (null when no group was involved). */
  nextTemplateIndex: number | null;
  /** True when an AI wrote the text. */
  ai: boolean;
  /**
   * Set when the offline writer wrote the text in place of the AI provider (it failed, or a limit
   * was reached, and the fallback is 'offline'): the provider's failure in words. Null otherwise,
   * and for replies prepared before it was recorded (upcast.ts).
   */
  aiFallback: string | null;
  mode: DeliveryMode;
  /** Why this mode, in plain words (rules/delivery.ts). */
  modeReason: string;
}

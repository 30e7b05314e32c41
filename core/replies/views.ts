/**
 * What screens show of a reply, derived in one place: the row's fields as the API answers them
 * (reply history, a schedule's replies, the admin's recent replies), the status group and badge of
 * spec part 1 'Reply status badges' (with the 'Auth Failed' rule) and part 2 §4, and a reason in
 * plain words for every status.
 */
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';
import { writtenOfflineLabel } from '@core/ai/provider';
import { NOT_SUMMONED_MESSAGE, showsAuthFailedBadge } from '@core/x';
import type { DeliveryMode, ReplyStatus } from './model';
import { REPLY_MESSAGES } from './messages';

/** A row of the `replies` read model (projection.ts). */
export interface ReplyRow {
  id: string;
  post_id: string | null;
  post_text: string | null;
  post_created_at: string | null;
  reply_post_id: string | null;
  content: string;
  image_url: string | null;
  template_id: string | null;
  scheduled_id: string | null;
  account_id: string;
  connected_account_id: string;
  status: string;
  status_message: string | null;
  sent_at: string | null;
  sent_via: string | null;
  user_id: string;
  target_username: string | null;
  connected_username: string | null;
  mode: string | null;
  intent_url: string | null;
  expires_at: string | null;
  retry_at: string | null;
  slot: string;
  /** The AI provider's failure when the offline writer wrote the text in its place (ReplyPrepared aiFallback). */
  ai_fallback: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Spec part 2 §4 grouping, extended: sent = success; pending (and scheduled, sending, and
 * rate_limited: it waits for a limit to reset, Riposte's choice over the spec's 'failure') = in
 * progress; the refusals = failure; canceled = cancelled. Riposte's own: ready and unconfirmed wait
 * for someone (action), skipped and expired ended without a send (ended). Unknown values: other.
 */
export type StatusGroup = 'success' | 'in_progress' | 'action' | 'failure' | 'cancelled' | 'ended' | 'other';

/**
 * Spec part 1 badge variants: success; outline with a clock (pending, scheduled); destructive (the
 * listed failures); neutral (anything else); 'auth_failed' for a failed reply whose message speaks
 * of authentication. Riposte shows ready and unconfirmed as 'attention' (the user may act).
 */
export type BadgeVariant = 'success' | 'pending' | 'destructive' | 'neutral' | 'auth_failed' | 'attention';

/**
 * Every status a screen may meet: a reply's own (ReplyStatus) and the spec's legacy values
 * (scheduled, canceled, cancelled, blocked). The maps below are checked against it, so a status
 * added to the model without its label, group and reason does not compile, rather than reaching
 * users as a raw code.
 */
export type ShownStatus = ReplyStatus | 'scheduled' | 'canceled' | 'cancelled' | 'blocked';

/** Looks a possibly unknown value up in a map that covers every ShownStatus. */
const lookup = <V>(map: Readonly<Record<ShownStatus, V>>, status: string): V | undefined =>
  Object.prototype.hasOwnProperty.call(map, status) ? map[status as ShownStatus] : undefined;

const GROUP: Readonly<Record<ShownStatus, StatusGroup>> = {
  sent: 'success',
  pending: 'in_progress',
  scheduled: 'in_progress',
  sending: 'in_progress',
  ready: 'action',
  unconfirmed: 'action',
  // Held until a limit resets, or put back to be sent: it waits to go out, nothing failed (yet).
  rate_limited: 'in_progress',
  failed: 'failure',
  duplicate: 'failure',
  invalid_content: 'failure',
  account_suspended: 'failure',
  post_unavailable: 'failure',
  insufficient_permissions: 'failure',
  rejected: 'failure',
  not_summoned: 'failure',
  canceled: 'cancelled',
  cancelled: 'cancelled',
  skipped: 'ended',
  expired: 'ended',
  // A legacy value the spec lists among badges but not among the groups.
  blocked: 'other',
};

const DESTRUCTIVE = new Set(['failed', 'invalid_content', 'account_suspended', 'post_unavailable', 'insufficient_permissions', 'not_summoned']);

const LABEL: Readonly<Record<ShownStatus, string>> = {
  sent: 'Sent',
  pending: 'Pending',
  scheduled: 'Scheduled',
  sending: 'Sending',
  ready: 'Ready to send',
  unconfirmed: 'Unconfirmed',
  failed: 'Failed',
  rate_limited: 'Waiting',
  duplicate: 'Duplicate',
  invalid_content: 'Invalid content',
  account_suspended: 'Account suspended',
  post_unavailable: 'Post unavailable',
  insufficient_permissions: 'Insufficient permissions',
  rejected: 'Rejected',
  not_summoned: 'Not summoned',
  canceled: 'Canceled',
  cancelled: 'Cancelled',
  blocked: 'Blocked',
  skipped: 'Skipped',
  expired: 'Expired',
};

/** What a status means when the reply carries no message of its own. */
const REASON: Readonly<Record<ShownStatus, string>> = {
  sent: 'Posted on X',
  pending: 'Waiting for its time',
  scheduled: 'Waiting for its time',
  sending: 'Being posted on X',
  ready: 'Ready for you to post on X',
  unconfirmed: 'X did not confirm the post; Riposte is checking whether it exists',
  failed: 'X did not post it',
  rate_limited: 'Held by a posting limit; it goes out once the limit resets, unless that is too late',
  duplicate: 'The same text was already posted',
  invalid_content: 'X refused the content',
  account_suspended: 'This X account is suspended or locked',
  post_unavailable: 'The post is deleted or not visible to this account',
  insufficient_permissions: 'X does not permit this app or account to do that',
  rejected: 'Refused before it was sent',
  not_summoned: NOT_SUMMONED_MESSAGE,
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  blocked: 'Blocked',
  skipped: 'Skipped',
  expired: 'Not posted before the link expired',
};

/** Empty shows as pending; unknown values are shown as they are (spec part 2 §4). */
const normalised = (status: string | null | undefined): string => (status == null || status.trim() === '' ? 'pending' : status);

export const statusGroup = (status: string | null | undefined): StatusGroup => lookup(GROUP, normalised(status)) ?? 'other';

export interface StatusBadge {
  status: string;
  label: string;
  variant: BadgeVariant;
  group: StatusGroup;
  /** True for the spec's 'Auth Failed' badge; the page raises the X-authentication banner. */
  authFailed: boolean;
  /** A waiting reply's next try (rate_limited: its retry time), shown with the label: 'Waiting until 14:05'. */
  until: string | null;
}

/** Statuses shown as waiting, with the outline-and-clock badge of pending. */
const WAITING = new Set(['pending', 'scheduled', 'sending', 'rate_limited']);

export const statusBadge = (status: string | null | undefined, statusMessage: string | null | undefined, retryAt: string | null = null): StatusBadge => {
  const s = normalised(status);
  const group = statusGroup(s);
  if (showsAuthFailedBadge(s, statusMessage)) return { status: s, label: 'Auth Failed', variant: 'auth_failed', group, authFailed: true, until: null };
  const variant: BadgeVariant = s === 'sent' ? 'success' : WAITING.has(s) ? 'pending' : DESTRUCTIVE.has(s) ? 'destructive' : group === 'action' ? 'attention' : 'neutral';
  return { status: s, label: lookup(LABEL, s) ?? s, variant, group, authFailed: false, until: s === 'rate_limited' ? retryAt : null };
};

/** The reason shown with a reply: its own message, else what its status means. */
export const statusReason = (status: string | null | undefined, statusMessage: string | null | undefined): string => {
  const message = statusMessage?.trim();
  if (message) return message;
  const s = normalised(status);
  return lookup(REASON, s) ?? s;
};

/** A reply as the API answers it (spec's Reply fields plus delivery and presentation). */
export interface ReplyView {
  id: string;
  postId: string | null;
  /** The text of the post answered, as X showed it when the reply was prepared; null when not recorded. */
  postText: string | null;
  /** When the post answered was made (X's time); null when not recorded. */
  postCreatedAt: string | null;
  replyPostId: string | null;
  content: string;
  imageUrl: string | null;
  templateId: string | null;
  scheduledId: string | null;
  accountId: string;
  connectedAccountId: string;
  status: string;
  statusMessage: string | null;
  sentAt: string | null;
  userId: string;
  targetUsername: string | null;
  connectedUsername: string | null;
  mode: DeliveryMode | null;
  intentUrl: string | null;
  expiresAt: string | null;
  retryAt: string | null;
  slot: string;
  createdAt: string;
  updatedAt: string;
  badge: StatusBadge;
  reason: string;
  /** The user may send it again (POST /api/replies/:id/resend): the decider's rule (run.ts resendRefusal) read off the row. */
  canResend: boolean;
  /**
   * Set when the offline writer wrote the text in place of the AI provider (core/ai
   * writtenOfflineLabel): 'Written offline: the AI provider failed (…)'. Null otherwise.
   */
  aiFallback: string | null;
}

/** run.ts resendRefusal as the row shows it: ended without going out, with its text, sent through the API. */
const canResendRow = (r: ReplyRow): boolean =>
  r.post_id !== null &&
  r.mode === 'direct' &&
  (r.status === 'failed' || r.status === 'rejected' || (r.status === 'skipped' && r.status_message !== REPLY_MESSAGES.skippedByUser));

/** A reply as the API answers it (the list, the ready queue, mark-sent and skip; openapi: responds). */
export const replyViewSchema = describes<ReplyView>()(
  z.object({
    id: z.string(),
    postId: z.string().nullable(),
    postText: z.string().nullable(),
    postCreatedAt: z.string().nullable(),
    replyPostId: z.string().nullable(),
    content: z.string(),
    imageUrl: z.string().nullable(),
    templateId: z.string().nullable(),
    scheduledId: z.string().nullable(),
    accountId: z.string(),
    connectedAccountId: z.string(),
    status: z.string(),
    statusMessage: z.string().nullable(),
    sentAt: z.string().nullable(),
    userId: z.string(),
    targetUsername: z.string().nullable(),
    connectedUsername: z.string().nullable(),
    mode: z.enum(['direct', 'assisted']).nullable(),
    intentUrl: z.string().nullable(),
    expiresAt: z.string().nullable(),
    retryAt: z.string().nullable(),
    slot: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    badge: describes<StatusBadge>()(
      z.object({
        status: z.string(),
        label: z.string(),
        variant: z.enum(['success', 'pending', 'destructive', 'neutral', 'auth_failed', 'attention']),
        group: z.enum(['success', 'in_progress', 'action', 'failure', 'cancelled', 'ended', 'other']),
        authFailed: z.boolean(),
        until: z.string().nullable(),
      }),
    ),
    reason: z.string(),
    canResend: z.boolean(),
    aiFallback: z.string().nullable(),
  }),
);

export const replyView = (r: ReplyRow): ReplyView => ({
  id: r.id,
  postId: r.post_id,
  postText: r.post_text,
  postCreatedAt: r.post_created_at,
  replyPostId: r.reply_post_id,
  content: r.content,
  imageUrl: r.image_url,
  templateId: r.template_id,
  scheduledId: r.scheduled_id,
  accountId: r.account_id,
  connectedAccountId: r.connected_account_id,
  status: normalised(r.status),
  statusMessage: r.status_message,
  sentAt: r.sent_at,
  userId: r.user_id,
  targetUsername: r.target_username,
  connectedUsername: r.connected_username,
  mode: r.mode === 'direct' || r.mode === 'assisted' ? r.mode : null,
  // The link is only offered while the user can still use it.
  intentUrl: r.status === 'ready' ? r.intent_url : null,
  expiresAt: r.expires_at,
  retryAt: r.retry_at,
  slot: r.slot,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  badge: statusBadge(r.status, r.status_message, r.retry_at),
  reason: statusReason(r.status, r.status_message),
  canResend: canResendRow(r),
  aiFallback: r.ai_fallback === null ? null : writtenOfflineLabel(r.ai_fallback),
});

/** Spec part 2 §3 'Reply history item' (templateId empty means Direct Reply), with the badge and reason. */
export interface ReplyHistoryItem {
  id: string;
  sentAt: string | null;
  status: string;
  statusMessage: string | null;
  content: string;
  templateId: string;
  accountId: string;
  targetUsername: string | null;
  replyPostId: string | null;
  badge: StatusBadge;
  reason: string;
}

export const replyHistoryItem = (r: ReplyRow): ReplyHistoryItem => ({
  id: r.id,
  sentAt: r.sent_at,
  status: normalised(r.status),
  statusMessage: r.status_message,
  content: r.content,
  templateId: r.template_id ?? '',
  accountId: r.account_id,
  targetUsername: r.target_username,
  replyPostId: r.reply_post_id,
  badge: statusBadge(r.status, r.status_message, r.retry_at),
  reason: statusReason(r.status, r.status_message),
});

/** Spec part 2 §3 'Recent reply (admin)'. */
export interface AdminRecentReply {
  id: string;
  status: string;
  statusMessage: string | null;
  postId: string | null;
  replyPostId?: string;
  content: string;
  sentAt: string | null;
  scheduledId?: string;
}

export const adminRecentReply = (r: ReplyRow): AdminRecentReply => ({
  id: r.id,
  status: normalised(r.status),
  statusMessage: r.status_message,
  postId: r.post_id,
  ...(r.reply_post_id === null ? {} : { replyPostId: r.reply_post_id }),
  content: r.content,
  sentAt: r.sent_at,
  ...(r.scheduled_id === null ? {} : { scheduledId: r.scheduled_id }),
});

/** Every status a reply can have, for the badge test page. */
export const BADGE_TEST_STATUSES: readonly string[] = [
  ...(['pending', 'sending', 'sent', 'ready', 'unconfirmed', 'failed', 'rate_limited', 'duplicate', 'invalid_content', 'account_suspended', 'post_unavailable', 'insufficient_permissions', 'rejected', 'not_summoned', 'skipped', 'expired'] satisfies ReplyStatus[]),
  'scheduled',
  'canceled',
  'blocked',
  'cancelled',
];

/**
 * Plain words for every event the store holds: one line per event, as an auditor reads it
 * ('alice created schedule 3f2a… for @BBCBreaking at 09:00 Europe/Madrid'). The table is typed
 * over the union of every capability's events, so a new event type without wording does not
 * compile; tests/architecture/audit-wording.unit.test.ts also derives the event types from the sources' unions
 * and fails on any without a line here. Pure: names of people come in through `nameOf`.
 */
import { DateTime } from 'luxon';
import type { AiProviderEvent } from '@core/ai/provider';
import type { AiUsageEvent } from '@core/ai/usage';
import type { BillingEvent } from '@core/billing/events';
import { WEBHOOK_OUTCOME_WORDS, type WebhookInboxEvent } from '@core/billing/webhook-inbox';
import type { ReservationEvent } from '@core/eventstore/reservation';
import type { MetricsEvent } from '@core/metrics/events';
import type { MonitoredAccountEvent } from '@core/monitoring/account';
import type { LegacySlotsEvent } from '@core/monitoring/legacy-slots';
import type { NotificationEvent } from '@core/notifications';
import type { PollingSettingsEvent } from '@core/polling/settings';
import type { PushEvent } from '@core/push/subscriptions';
import type { SchedulerHealthEvent } from '@core/scheduler-health/heartbeat';
import type { ReplyEvent } from '@core/replies/events';
import type { TextUsageEvent } from '@core/replies/text-usage';
import type { ScheduleBatchEvent } from '@core/scheduling/batch';
import type { ContentSource, Plan } from '@core/scheduling/model';
import type { ScheduleEvent } from '@core/scheduling/schedule';
import type { TemplateGroupEvent } from '@core/templates/group';
import type { TemplateEvent } from '@core/templates/template';
import type { TokenEvent } from '@core/tokens/token';
import type { UserEvent } from '@core/users/events';
import type { ReadsEvent } from '@core/watching/reads';
import type { WatchEvent } from '@core/watching/watch';
import type { XAccountEvent } from '@core/x-accounts/account';
import type { XSendingEvent } from '@core/x-sending/sending';
import type { AuditEvent } from './events';

export type AuditedEvent =
  | UserEvent
  | BillingEvent
  | WebhookInboxEvent
  | ReservationEvent
  | MetricsEvent
  | MonitoredAccountEvent
  | LegacySlotsEvent
  | NotificationEvent
  | PushEvent
  | PollingSettingsEvent
  | ReplyEvent
  | TextUsageEvent
  | ScheduleEvent
  | ScheduleBatchEvent
  | TemplateEvent
  | TemplateGroupEvent
  | ReadsEvent
  | WatchEvent
  | XAccountEvent
  | TokenEvent
  | SchedulerHealthEvent
  | XSendingEvent
  | AiProviderEvent
  | AiUsageEvent
  | AuditEvent;

export type AuditedEventType = AuditedEvent['type'];

export interface WordingContext {
  /** Who did it, in words: a username, 'the scheduler', 'the system'. */
  who: string;
  /** A user id to a username (null when unknown or erased). */
  nameOf: (userId: string) => string | null;
}

type Wording = { [T in AuditedEventType]: (data: Extract<AuditedEvent, { type: T }>['data'], ctx: WordingContext) => string };

const short = (id: string | null | undefined): string => (typeof id === 'string' && id.length > 8 ? `${id.slice(0, 8)}…` : (id ?? '?'));
const at = (name: string | null | undefined, id?: string | null): string => (name ? `@${name}` : `account ${short(id)}`);
const person = (ctx: WordingContext, userId: string | null | undefined): string => (userId ? (ctx.nameOf(userId) ?? `user ${short(userId)}`) : 'nobody');
const quoted = (text: string | null | undefined, max = 60): string => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
};
const localTime = (instant: string, zone: string): string => {
  const dt = DateTime.fromISO(instant, { zone: 'utc' }).setZone(zone);
  return dt.isValid ? dt.toFormat('yyyy-MM-dd HH:mm') : instant;
};

const planWords = (plan: Plan, zone: string): string => {
  switch (plan.kind) {
    case 'immediate':
      return 'right away';
    case 'once':
      return `at ${localTime(plan.at, zone)} ${zone}`;
    case 'recurring': {
      const r = plan.rule;
      const days = r.type === 'daily' ? 'every day' : r.type === 'weekly' ? `every week on days ${r.days.join(', ')}` : `every month on days ${r.days.join(', ')}`;
      return `${days} at ${r.time} ${zone}`;
    }
    case 'peak':
      return `in the ${plan.window} peak window${plan.recurrence === null ? '' : `, ${plan.recurrence.type}`} (${zone})`;
    case 'auto':
      return `when the account posts, after ${plan.delayMinutes} min`;
    default:
      return 'on an unknown plan';
  }
};

const contentWords = (content: ContentSource): string => {
  switch (content.kind) {
    case 'text':
      return `text ${quoted(content.text)}`;
    case 'template':
      return `template ${short(content.templateId)}`;
    case 'template_group':
      return `template group ${short(content.templateGroupId)}`;
    case 'ai':
      return `an AI reply in the ${content.style} style`;
    default:
      return 'unknown content';
  }
};

const WORDING: Wording = {
  // users
  UserRegistered: (d, c) => `${d.createdBy === null ? d.username : c.who} registered the account ${d.username} (${d.role}, zone ${d.timeZone})`,
  UserLoggedIn: (_d, c) => `${c.who} signed in`,
  PasswordChanged: (_d, c) => `${c.who} changed the password`,
  ProfileUpdated: (d, c) => `${c.who} updated the profile (${Object.keys(d.changes).join(', ') || 'nothing'})`,
  EmailSet: (d, c) => `${c.who} set the e-mail address${d.subscribedToUpdates ? ', subscribed to updates' : ''}`,
  RoleChanged: (d, c) => `${c.who} changed the role from ${d.previousRole} to ${d.role}`,
  PermissionGranted: (d, c) => `${c.who} granted the permission ${d.permission}`,
  PermissionRevoked: (d, c) => `${c.who} revoked the permission ${d.permission}`,
  TrialReplyUsed: (d) => `a trial reply was used (reply ${short(d.replyId)}, ${d.repliesRemaining} left)`,
  TrialReplyRefunded: (d) => `a trial reply was given back (reply ${short(d.replyId)}, ${d.repliesRemaining} left)`,
  TrialEnded: (d) => `the trial ended (${d.reason === 'replies_used' ? 'all trial replies used' : 'its days are over'})`,
  PremiumActivated: (d) => `Premium was activated until ${d.until} (subscription ${short(d.subscriptionId)})`,
  PremiumEnded: (d) => `Premium ended (${d.reason})`,
  UserDeactivated: (d, c) => `${c.who} deactivated the account${d.reason ? `: ${d.reason}` : ''}`,
  UserReactivated: (_d, c) => `${c.who} reactivated the account`,
  PreferencesChanged: (d, c) => `${c.who} changed the settings (${Object.keys(d.changes).join(', ') || 'nothing'})`,
  PasswordResetRequested: (d) => `a password reset link was sent (valid until ${d.expiresAt})`,
  PasswordResetCompleted: () => 'the password was reset through the link',
  AccountDeleted: (_d, c) => `${c.who} deleted the account`,
  AccountErased: (d) => `the personal fields of ${d.events} events of the deleted account were erased`,
  // billing
  OrderCreated: (d, c) => `${c.who} started a ${d.purpose === 'first' ? 'payment' : 'renewal'} of ${d.amount} ${d.currency} (order ${d.orderId})`,
  OrderApproved: (d) => `the payer approved order ${d.orderId} at PayPal`,
  PaymentCaptured: (d) => `payment of ${d.amount} ${d.currency} captured (order ${d.orderId}): Premium period ${d.period} from ${d.periodStart} to ${d.periodEnd}`,
  CaptureRefused: (d) => `the capture of order ${d.orderId} gave no Premium (${d.reason}, PayPal said ${d.providerStatus})`,
  SubscriptionCancelled: (d, c) => `${c.who} cancelled the subscription; Premium stays until ${d.activeUntil}`,
  RenewalFailed: (d) => `the renewal failed (${d.reason}); Premium stays until ${d.activeUntil}`,
  PaymentReversed: (d) => `PayPal reported a ${d.kind} of capture ${d.captureId}${d.amount ? ` (${d.amount})` : ''}${d.revokedSubscriptionId ? ', Premium withdrawn' : ''}`,
  DisputeOpened: (d) => `the payer opened dispute ${d.disputeId} at PayPal on capture ${d.captureId} (${d.reason}, ${d.status}); Premium kept, renewals held`,
  DisputeUpdated: (d) => `PayPal updated dispute ${d.disputeId} (${d.status}${d.stage ? `, ${d.stage}` : ''})`,
  DisputeResolved: (d) => `PayPal decided dispute ${d.disputeId} for the ${d.outcome === 'buyer' ? 'payer' : 'seller'} (${d.outcomeCode})`,
  PaymentMethodRemoved: (d) => `the saved PayPal payment method ${d.vaultId} was deleted at PayPal for the account deletion${d.result === 'absent' ? ' (PayPal no longer held it)' : ''}`,
  // reservations
  ReservationMade: (d, c) => `the ${d.kind} '${d.value}' was reserved for ${person(c, d.ownerId)}`,
  ReservationReleased: (d, c) => `a reservation of ${person(c, d.ownerId)} was released`,
  // metrics
  ReplyMetricsObserved: (d) => `public metrics of ${d.observations.length} sent repl${d.observations.length === 1 ? 'y' : 'ies'} read from X`,
  // monitoring
  MonitoredAccountAdded: (d, c) => `${c.who} added the monitored account @${d.username}${d.userId === null ? ' (curated)' : ''}`,
  MonitoredAccountApproved: (d, c) => `${c.who} approved monitored account ${short(d.accountId)}`,
  MonitoredAccountEdited: (d, c) => `${c.who} edited the monitored account @${d.username}`,
  MonitoredAccountVisibilityChanged: (d, c) =>
    `${c.who} changed who sees monitored account ${short(d.accountId)} (legacy ${d.visibleToLegacy ? 'yes' : 'no'}, normal ${d.visibleToNormal ? 'yes' : 'no'}, admin only ${d.adminOnly ? 'yes' : 'no'})`,
  MonitoringScheduleChanged: (d, c) => `${c.who} set monitored account ${short(d.accountId)} to the ${d.monitoringTier} tier (every ${d.monitoringInterval} min)`,
  MonitoringPaused: (d, c) => `${c.who} paused monitoring of account ${short(d.accountId)}`,
  MonitoringResumed: (d, c) => `${c.who} resumed monitoring of account ${short(d.accountId)}`,
  MonitoredAccountXUserResolved: (d) => `X's user id ${d.xUserId} was found for monitored account ${short(d.accountId)}`,
  MonitoredAccountDeleted: (d, c) => `${c.who} deleted the monitored account @${d.username}`,
  LegacySlotTaken: (d, c) => `${person(c, d.userId)} took a legacy slot for account ${short(d.accountId)}`,
  LegacySlotFreed: (d, c) => `${person(c, d.userId)} freed the legacy slot of account ${short(d.accountId)}`,
  // notifications, polling
  NotificationRecorded: (d) => `a ${d.kind.replace(/_/g, ' ')} e-mail was recorded for sending`,
  PushSubscribed: (d, c) => `${c.who} turned on notifications on a device${d.label === '' ? '' : ` (${d.label})`}`,
  PushUnsubscribed: (d, c) => (d.by === 'user' ? `${c.who} turned off notifications on a device` : 'a device was dropped: its push service said the subscription is gone'),
  PollingSettingChanged: (d, c) => `${c.who} changed the polling setting ${d.key} from ${d.previous} to ${d.value}`,
  // replies
  ReplyPrepared: (d) =>
    `reply ${short(d.replyId)} prepared for ${at(d.targetUsername, d.targetAccountId)}'s post ${d.postId} from ${at(d.connectedUsername, d.connectedAccountId)}: ${quoted(d.text)}`,
  ReplySending: (d) => `reply ${short(d.replyId)} is being sent to X (attempt ${d.attempt})`,
  ReplySent: (d) => `reply ${short(d.replyId)} was posted${d.replyPostId ? ` as post ${d.replyPostId}` : ''} (${d.via === 'api' ? 'by the scheduler' : d.via === 'user' ? 'by the user on X' : 'found on X'})`,
  ReplyFailed: (d) => `reply ${short(d.replyId)} failed (${d.status}): ${d.message}`,
  ReplyUnconfirmed: (d) => `reply ${short(d.replyId)} is unconfirmed: ${d.reason}`,
  ReplyReady: (d) => `reply ${short(d.replyId)} is ready to send by hand until ${d.expiresAt} (${d.reason})`,
  ReplySkipped: (d) => `reply ${short(d.replyId)} was skipped by the ${d.by}: ${d.reason}`,
  ReplyExpired: (d) => `reply ${short(d.replyId)} expired before it was sent`,
  ReplyRateLimited: (d) => `reply ${short(d.replyId)} was held until ${d.retryAt}: ${d.message}`,
  ReplyRequeued: (d) =>
    d.by === 'user' ? `reply ${short(d.replyId)} is sent again at the user's request` : `reply ${short(d.replyId)} was not on X after a failed send; it is sent again`,
  TextUsed: (d) => `the reply text was taken by account ${short(d.connectedAccountId)} for reply ${short(d.replyId)}`,
  TextReleased: (d) => `the reply text was given back by reply ${short(d.replyId)}`,
  // scheduling
  ScheduleCreated: (d, c) =>
    `${c.who} created schedule ${short(d.scheduleId)} for ${at(d.targetUsername, d.targetAccountId)} ${planWords(d.plan, d.timeZone)}, posting from ${at(d.accountName, d.connectedAccountId)} with ${contentWords(d.content)}`,
  ScheduleRunClaimed: (d) => `the run of ${d.slot} of schedule ${short(d.scheduleId)} was claimed by ${d.claimant} (reply ${short(d.replyId)})`,
  ScheduleDeleted: (d, c) => `${c.who} deleted schedule ${short(d.scheduleId)}`,
  ScheduleDeactivated: (d, c) => `${c.who} deactivated schedule ${short(d.scheduleId)}`,
  ScheduleMoved: (d, c) => `${c.who} moved schedule ${short(d.scheduleId)} to ${at(d.accountName, d.connectedAccountId)}`,
  ScheduleEdited: (d, c) => `${c.who} edited schedule ${short(d.scheduleId)}${d.nextRunTime === null ? '' : `; next run ${d.nextRunTime}`}`,
  SchedulePaused: (d, c) => `${c.who} paused schedule ${short(d.scheduleId)}`,
  ScheduleResumed: (d, c) => `${c.who} resumed schedule ${short(d.scheduleId)}${d.nextRunTime === null ? '' : `; next run ${d.nextRunTime}`}`,
  ScheduleRunRecorded: (d) =>
    `the run of ${d.slot} of schedule ${short(d.scheduleId)} ended ${d.outcome}${d.reason ? ` (${d.reason})` : ''}${d.executed ? '; the schedule is done' : d.nextRunTime ? `; next run ${d.nextRunTime}` : ''}`,
  ScheduleBatchCompleted: (d, c) => `${c.who} completed a bulk batch of ${d.scheduleIds.length} schedule(s)`,
  ScheduleBatchAbandoned: (d) => `a bulk batch of ${d.scheduleIds.length} schedule(s) was abandoned and its schedules deleted`,
  // templates
  TemplateCreated: (d, c) => `${c.who} created template '${d.name}' ${quoted(d.content)}`,
  TemplateUpdated: (d, c) => `${c.who} updated template '${d.name}' ${quoted(d.content)}`,
  TemplateDeleted: (d, c) => `${c.who} deleted template ${short(d.templateId)}`,
  TemplateGroupCreated: (d, c) => `${c.who} created template group '${d.name}'`,
  TemplateGroupUpdated: (d, c) => `${c.who} updated template group '${d.name}'`,
  TemplateGroupDeleted: (d, c) => `${c.who} deleted template group ${short(d.groupId)}`,
  TemplateAddedToGroup: (d, c) => `${c.who} added template ${short(d.templateId)} to group ${short(d.groupId)}`,
  TemplateRemovedFromGroup: (d, c) => `${c.who} removed template ${short(d.templateId)} from group ${short(d.groupId)}`,
  TemplateGroupReordered: (d, c) => `${c.who} reordered the ${d.templateIds.length} templates of group ${short(d.groupId)}`,
  TemplateGroupRotated: (d) => `group ${short(d.groupId)} handed out template ${short(d.templateId)}`,
  // watching
  XReadsCounted: (d) => `${d.timelineRequests + d.searchRequests} read(s) of X returning ${d.posts} post(s) were counted for ${d.day}`,
  WatchedPostSeen: (d) => `post ${d.postId} of account ${short(d.accountId)} was seen (posted ${d.postedAt})`,
  AccountPolled: (d) => `account ${short(d.accountId)} was read: ${d.newPosts} new post(s)`,
  // x accounts
  XAccountConnected: (d, c) => `${c.who} connected the X account @${d.username} (${d.via})`,
  XAccountReconnected: (d, c) => `${c.who} reconnected the X account @${d.username} (${d.via})`,
  XAccountAuthFailed: (d) => `X refused the tokens of connected account ${short(d.accountId)}: ${d.reason}`,
  XAccountDisconnected: (d, c) => `${c.who} disconnected the X account @${d.username}`,
  // personal access tokens
  TokenCreated: (d, c) => `${c.who} created the access token '${d.name}' (${d.scopes.join(', ')}${d.expiresAt ? `, expires ${d.expiresAt}` : ', no expiry'})`,
  TokenRevoked: (d, c) => `${c.who} revoked access token ${short(d.tokenId)}`,
  TokenUsed: (d) => `access token ${short(d.tokenId)} was used`,
  // PayPal's webhook deliveries
  PayPalWebhookRecorded: (d) => `PayPal's ${d.eventType} event ${d.eventId} was ${WEBHOOK_OUTCOME_WORDS[d.outcome]}${d.detail === null ? '' : `: ${d.detail}`}`,
  // scheduler health
  XSendingPaused: (d) => `sending to X was paused for the installation: X refused the app (${d.reason.replace(/_/g, ' ')})${d.detail === null ? '' : `: ${d.detail}`}`,
  XSendingResumed: (d) => `sending to X resumed (paused since ${d.pausedAt} for ${d.reason.replace(/_/g, ' ')})`,
  SchedulerHeartbeat: (d) => `the ${d.kind} scheduler ${d.host}:${d.pid} ticked (${d.ticks} tick(s) since ${d.startedAt})`,
  // AI provider: the key is never worded, only that it changed
  AiProviderConfigured: (d, c) =>
    `${c.who} set the AI provider: ${d.baseUrl === null ? 'none set here (the environment or the offline writer)' : `${d.model ?? '?'} at ${d.baseUrl}`}, ` +
    `when it fails: ${d.fallback === 'offline' ? 'the offline writer' : 'wait'}, limits: ${d.userDailyLimit ?? 'none'} per user a day, ${d.installationMonthlyLimit ?? 'none'} a month`,
  AiProviderKeyReplaced: (_d, c) => `${c.who} replaced the AI provider's API key (kept sealed)`,
  AiProviderKeyRemoved: (_d, c) => `${c.who} removed the AI provider's API key`,
  AiProviderKeyResealed: (d) => `the AI provider's API key was sealed again with the current token key (${d.keyId})`,
  AiWritingCounted: (d) => `an AI writing was counted (${d.count} on ${d.day})`,
  // audit
  AuditViewed: (d, c) => `${actorWords(d.viewerId, c.nameOf)} looked at the history of ${d.subjectKind === 'user' ? d.subject : `${d.subjectKind} ${d.subject}`}`,
};

/** The event types with wording (the coverage test compares them with the sources' unions). */
export const WORDED_EVENT_TYPES = Object.keys(WORDING) as AuditedEventType[];

export const isWorded = (type: string): type is AuditedEventType => Object.hasOwn(WORDING, type);

/** Who did it, in words, from the event's metadata actor. */
export const actorWords = (actor: string | null, nameOf: (userId: string) => string | null): string => {
  if (actor === null || actor === '') return 'someone not signed in';
  if (actor === 'system') return 'the system';
  if (actor === 'scheduler') return 'the scheduler';
  if (actor === 'cli') return 'an operator (CLI)';
  return nameOf(actor) ?? `user ${short(actor)}`;
};

/**
 * The plain-words line of one event. An event whose data no longer has the expected fields (a
 * deleted account's events after erasure) still gets a line, naming its type.
 */
export const auditLine = (event: { type: string; data: unknown; actor: string | null }, nameOf: (userId: string) => string | null): string => {
  const who = actorWords(event.actor, nameOf);
  if (!isWorded(event.type)) return `${who}: ${event.type} (no wording for this event type)`;
  const word = WORDING[event.type] as (data: unknown, ctx: WordingContext) => string;
  try {
    return word(event.data, { who, nameOf });
  } catch {
    return `${who}: ${event.type} (its details are no longer readable)`;
  }
};

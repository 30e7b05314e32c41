/**
 * Which decider folds which stream, for replays: the stream's name prefix picks the capability's
 * decider, whose `evolve` is the one production loads state with (core/eventstore/load-state.ts).
 * Plus a plain diff of two states, for "what changed between these two moments".
 */
import { AI_PROVIDER_STREAM, aiProviderDecider } from '@core/ai/provider';
import { AI_USAGE_STREAM_PREFIX, aiUsageDecider } from '@core/ai/usage';
import { billingDecider } from '@core/billing/decider';
import { BILLING_STREAM_PREFIX } from '@core/billing/ids';
import type { DomainEvent } from '@core/eventstore/command-handler';
import { reservationDecider } from '@core/eventstore/reservation';
import { monitoredAccountDecider } from '@core/monitoring/account';
import { legacySlotsDecider } from '@core/monitoring/legacy-slots';
import { notificationDecider } from '@core/notifications';
import { pushDecider } from '@core/push/subscriptions';
import { POLLING_SETTINGS_STREAM, pollingSettingsDecider } from '@core/polling/settings';
import { replyDecider } from '@core/replies/decide';
import { textUsageDecider } from '@core/replies/text-usage';
import { scheduleDecider } from '@core/scheduling/decide';
import { templateGroupDecider } from '@core/templates/group';
import { templateDecider } from '@core/templates/template';
import { tokenDecider } from '@core/tokens/token';
import { userDecider } from '@core/users/decider';
import { USER_STREAM_PREFIX } from '@core/users/streams';
import { readsDecider } from '@core/watching/reads';
import { watchDecider } from '@core/watching/watch';
import { xAccountDecider } from '@core/x-accounts/account';

export interface ReplayDecider {
  evolve(state: unknown, event: DomainEvent): unknown;
  initialState(): unknown;
}

export interface StreamKind {
  kind: string;
  prefix: string;
  decider: ReplayDecider;
}

const kind = (name: string, prefix: string, decider: unknown): StreamKind => ({ kind: name, prefix, decider: decider as ReplayDecider });

/** Longest prefixes first, so 'template-group-' wins over 'template-' and 'reply-metrics-' is not a reply. */
export const STREAM_KINDS: readonly StreamKind[] = [
  kind('user', USER_STREAM_PREFIX, userDecider),
  kind('billing account', BILLING_STREAM_PREFIX, billingDecider),
  kind('schedule', 'schedule-', scheduleDecider),
  kind('template group', 'template-group-', templateGroupDecider),
  kind('template', 'template-', templateDecider),
  kind('X account', 'x-account-', xAccountDecider),
  kind('monitored account', 'monitored-account-', monitoredAccountDecider),
  kind('legacy slots', 'monitoring-legacy-slots-', legacySlotsDecider),
  kind('notifications', 'notifications-', notificationDecider),
  kind('notification devices', 'push-', pushDecider),
  kind('reply', 'reply-', replyDecider),
  kind('reply text', 'text-usage-', textUsageDecider),
  kind('reservation', 'reservation-', reservationDecider),
  kind('watched account', 'watch-', watchDecider),
  kind('X reads', 'x-reads-', readsDecider),
  kind('access token', 'token-', tokenDecider),
  kind('polling settings', POLLING_SETTINGS_STREAM, pollingSettingsDecider),
  // Its sealed key is declared a secret (redaction.ts): every audit answer shows it as [redacted].
  kind('AI provider', AI_PROVIDER_STREAM, aiProviderDecider),
  kind('AI usage', AI_USAGE_STREAM_PREFIX, aiUsageDecider),
].sort((a, b) => b.prefix.length - a.prefix.length);

/** Streams that are records without a decider: replaying them has no state to show. */
const NOT_REPLAYABLE = ['reply-metrics-', 'schedulebatch-', 'audit-views-'];

export const streamKindOf = (stream: string): StreamKind | null => {
  if (NOT_REPLAYABLE.some((p) => stream.startsWith(p))) return null;
  return STREAM_KINDS.find((k) => (k.prefix === POLLING_SETTINGS_STREAM || k.prefix === AI_PROVIDER_STREAM ? stream === k.prefix : stream.startsWith(k.prefix))) ?? null;
};

export interface StateChange {
  /** Dotted path into the state ('schedule.nextRunTime'); '' for the whole state. */
  path: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** What differs between two states, leaf by leaf (arrays compared whole). */
export const diffStates = (before: unknown, after: unknown, path = ''): StateChange[] => {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffStates(before[key], after[key], path === '' ? key : `${path}.${key}`));
  }
  return same(before, after) ? [] : [{ path, before: before ?? null, after: after ?? null }];
};

/** JSON for a state (bigints as strings), as the CLI and the API show it. */
export const plainState = (state: unknown): unknown => JSON.parse(JSON.stringify(state, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));

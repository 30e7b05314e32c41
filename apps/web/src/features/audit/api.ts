// The audit's calls (docs/api.md "Audit"): a history and a state as of an event. Each answer the
// server gives records the admin's look, so these queries never refetch on their own (focus,
// reconnect): a look happens when the admin asks for one.
import useSWR, { type SWRConfiguration } from 'swr';
import type { AuditSearch } from '@core/audit/schemas';
import type { AuditEntry, AuditHistory, StateAsOf } from '@core/audit/views';

export type AuditQuery = AuditSearch & {
  /** ISO instants, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** One event type, or all. */
  type?: string | undefined;
};

const ONLY_WHEN_ASKED: SWRConfiguration = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, dedupingInterval: 0 };

export function historyKey(q: AuditQuery): string {
  const base = q.kind === 'user' ? `/api/admin/audit/users/${encodeURIComponent(q.value)}` : `/api/admin/audit/schedules/${encodeURIComponent(q.value)}`;
  const params = new URLSearchParams();
  if (q.from) params.set('from', q.from);
  if (q.to) params.set('to', q.to);
  if (q.type) params.set('type', q.type);
  const s = params.toString();
  return s === '' ? base : `${base}?${s}`;
}

export function useAuditHistory(query: AuditQuery | null) {
  return useSWR<AuditHistory, Error>(query === null ? null : historyKey(query), ONLY_WHEN_ASKED);
}

export function useStateAsOf(entry: AuditEntry | null) {
  const key = entry === null ? null : `/api/admin/audit/state?${new URLSearchParams({ stream: entry.stream, position: entry.position }).toString()}`;
  return useSWR<StateAsOf, Error>(key, ONLY_WHEN_ASKED);
}

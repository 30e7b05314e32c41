/**
 * Resolves monitored accounts stored without an X user id (X could not be asked when they were
 * added, or they were seeded offline). A scheduler job: the heartbeat ticks every second, the job
 * works once a minute, a small batch at a time, and backs off (doubling, up to 15 minutes) while
 * X stays unavailable, so a down X is not hammered.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@adapters/logging';
import type { ReadDb } from '@adapters/projections-sqlite';
import { unresolvedAccountIds } from '@adapters/read-models/monitoring';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import { SCHEDULER_ACTOR, type EventStore, type Position } from '@core/eventstore/types';
import { lookupXProfile, monitoredAccountDecider, monitoredAccountStream, type XUserLookup } from '@core/monitoring';
import type { SchedulerJob } from './index';

export interface ResolveResult {
  resolved: number;
  notFound: string[];
  unavailable: boolean;
  position: Position | null;
}

/** What the job needs: the server's accounts service, or `createXIdResolver` in the scheduler app. */
export interface XIdResolver {
  resolvePending(accountIds: readonly string[], ctx: { actor: string | null; correlationId: string }): Promise<ResolveResult>;
}

const later = (a: Position | null, b: Position | null): Position | null => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * Asks X for the ids still unresolved. Stops at the first "unavailable" (X is down or limiting:
 * asking for the rest now would fail the same way) and says so.
 */
export const createXIdResolver = (deps: { store: EventStore; lookupXUser: XUserLookup | undefined; clock: () => Date }): XIdResolver => ({
  resolvePending: async (accountIds, ctx) => {
    let resolved = 0;
    let position: Position | null = null;
    const notFound: string[] = [];
    for (const accountId of accountIds) {
      const { state } = await loadState(deps.store, monitoredAccountStream(accountId), monitoredAccountDecider);
      if (state.status !== 'live' || state.account.xUserId !== null) continue;
      const result = await lookupXProfile(deps.lookupXUser, state.account.username);
      if (result.status === 'unavailable') return { resolved, notFound, unavailable: true, position };
      if (result.status === 'not_found') {
        notFound.push(state.account.username);
        continue;
      }
      const written = await handleCommand(
        deps.store,
        monitoredAccountStream(accountId),
        monitoredAccountDecider,
        { type: 'ResolveXUser', accountId, profile: result.profile },
        { metadata: { actor: SCHEDULER_ACTOR, correlationId: ctx.correlationId, causationId: null, time: deps.clock().toISOString() }, newId: randomUUID },
      );
      if (written.events.length > 0) resolved += 1;
      position = later(position, written.position);
    }
    return { resolved, notFound, unavailable: false, position };
  },
});

export interface ResolverOptions {
  everyMs?: number;
  batch?: number;
  maxBackoffMs?: number;
}

export const X_ID_RESOLVER_JOB = 'monitored-accounts:resolve-x-ids';

export const createXIdResolverJob = (
  deps: { accounts: XIdResolver; db: () => ReadDb; logger: Pick<Logger, 'info' | 'warn'> },
  options: ResolverOptions = {},
): SchedulerJob => {
  const everyMs = options.everyMs ?? 60_000;
  const batch = options.batch ?? 50;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  let nextAt = 0;
  let backoff = everyMs;

  return {
    name: X_ID_RESOLVER_JOB,
    run: async (now) => {
      if (now.getTime() < nextAt) return;
      const ids = unresolvedAccountIds(deps.db(), batch);
      if (ids.length === 0) {
        nextAt = now.getTime() + everyMs;
        return;
      }
      const result = await deps.accounts.resolvePending(ids, { actor: SCHEDULER_ACTOR, correlationId: randomUUID() });
      if (result.resolved > 0) deps.logger.info({ resolved: result.resolved }, 'resolved X ids of monitored accounts');
      if (result.notFound.length > 0) deps.logger.warn({ usernames: result.notFound }, 'X has no user for these monitored accounts');
      if (result.unavailable) {
        nextAt = now.getTime() + backoff;
        backoff = Math.min(backoff * 2, maxBackoffMs);
      } else {
        backoff = everyMs;
        nextAt = now.getTime() + everyMs;
      }
    },
  };
};

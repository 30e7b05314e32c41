/**
 * Resolves monitored accounts stored without an X user id (X could not be asked when they were
 * added, or they were seeded offline). A scheduler job: the heartbeat ticks every second, the job
 * works once a minute, a small batch at a time, and backs off (doubling, up to 15 minutes) while
 * X stays unavailable, so a down X is not hammered.
 */
import type { Logger } from '@adapters/logging';
import type { ReadDb } from '@adapters/projections-sqlite';
import type { SchedulerJob } from '@adapters/scheduler';
import { randomUUID } from 'node:crypto';
import { unresolvedAccountIds } from '@adapters/read-models/monitoring';
import type { AccountsService } from './service';

export interface ResolverOptions {
  everyMs?: number;
  batch?: number;
  maxBackoffMs?: number;
}

export const X_ID_RESOLVER_JOB = 'monitored-accounts:resolve-x-ids';

export const createXIdResolverJob = (
  deps: { accounts: AccountsService; db: () => ReadDb; logger: Pick<Logger, 'info' | 'warn'> },
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
      const result = await deps.accounts.resolvePending(ids, { actor: 'system', correlationId: randomUUID() });
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

/**
 * Seeds the curated monitored accounts (core/monitoring/curated-accounts.ts) at start-up, as the
 * system, and waits until the read side shows them, so the first list after "ready" holds them.
 * Idempotent and race-safe (see AccountsService.seedCurated): a restart, or two servers starting
 * on one store, seed each account once; an account an admin deleted stays deleted.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@adapters/logging';
import type { Projector } from '@adapters/projections-sqlite';
import { CURATED_ACCOUNTS } from '@core/monitoring/curated-accounts';
import type { CuratedSeed } from '@core/monitoring';
import type { AccountsService } from './service';

export const seedCuratedAccounts = async (
  deps: { accounts: AccountsService; projector: Pick<Projector, 'waitFor'>; logger: Pick<Logger, 'info'> },
  seeds: readonly CuratedSeed[] = CURATED_ACCOUNTS,
): Promise<number> => {
  const { seeded, position } = await deps.accounts.seedCurated(seeds, { actor: 'system', correlationId: randomUUID() });
  if (position !== null) await deps.projector.waitFor(position);
  if (seeded > 0) deps.logger.info({ seeded }, 'seeded the curated monitored accounts');
  return seeded;
};

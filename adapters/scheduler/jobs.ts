/**
 * The scheduler's job list, written once for both places a scheduler runs: the server's embedded
 * scheduler (RIPOSTE_SCHEDULER=embedded) and `npm run scheduler`. Each process builds the parts it
 * also needs for other things (the dispatcher it stops, the watcher it waits for, the billing
 * service its routes use) and hands them here; what runs, in which order and with which logger is
 * decided only in this file, so the two schedulers cannot drift apart.
 */
import type { EventStore } from '@core/eventstore/types';
import type { Mailer } from '@core/mail';
import type { ImageStore } from '@core/images/port';
import type { PaymentProvider } from '@core/billing/provider';
import type { Logger } from '@adapters/logging';
import type { ReadDb } from '@adapters/projections-sqlite';
import type { PushSender } from '@adapters/push';
import { renewalJob, type BillingService } from '@adapters/billing/service';
import { notificationJobs } from '@adapters/notifications';
import { createErasureJob } from '@adapters/account-erasure';
import type { SchedulerJob } from './index';
import { createHeartbeatJob } from './heartbeat';
import { createBatchRecoveryJob } from './batch-recovery';
import { createUploadCleanupJob, imagesInUse } from './upload-cleanup';
import { createXIdResolverJob, type XIdResolver } from './x-id-resolver';

export interface SchedulerParts {
  /** `embedded` in the server's process, `external` for `npm run scheduler` (shown to admins). */
  kind: 'embedded' | 'external';
  /** This process's id: its heartbeat's and its sends' (the dispatcher is built with the same). */
  processId: string;
  store: EventStore;
  db: () => ReadDb;
  clock: () => Date;
  logger: Logger;
  dispatcher: { jobs: readonly SchedulerJob[] };
  watcher: { job: SchedulerJob };
  metrics: { job: SchedulerJob };
  /** X's filtered stream (RIPOSTE_X_WATCH=stream); null when the reads alone watch. */
  streamWatcher: { job: SchedulerJob } | null;
  /** Renewals of Premium; null where PayPal cannot be reached (a standalone scheduler without its URL). */
  billing: Pick<BillingService, 'renewDue'> | null;
  /** Refunds of an erased account's subscription; null without PayPal (the erasure still runs). */
  payments: PaymentProvider | null;
  /** Fills in the X ids of monitored accounts stored unresolved. */
  xIds: XIdResolver;
  mailer: Mailer;
  /** The base of the links in mail and pushes. */
  appUrl: () => string;
  push: PushSender | null;
  images: ImageStore;
  uploadGraceMs: number;
}

export const schedulerJobs = (parts: SchedulerParts): SchedulerJob[] => {
  const { store, db, clock, logger } = parts;
  return [
    createHeartbeatJob({ store, kind: parts.kind, clock, processId: parts.processId, logger: logger.child({ component: 'scheduler' }) }),
    ...parts.dispatcher.jobs,
    parts.watcher.job,
    parts.metrics.job,
    ...(parts.streamWatcher ? [parts.streamWatcher.job] : []),
    ...(parts.billing ? [renewalJob(parts.billing)] : []),
    ...notificationJobs({ store, db, mailer: parts.mailer, appUrl: parts.appUrl, logger: logger.child({ component: 'mail' }), push: parts.push }),
    createXIdResolverJob({ accounts: parts.xIds, db, logger: logger.child({ component: 'monitored-accounts' }) }),
    createBatchRecoveryJob({ store, db, logger: logger.child({ component: 'bulk-replies' }) }),
    createErasureJob({ store, db, clock, payments: parts.payments, logger: logger.child({ component: 'erasure' }) }),
    // Uploads live under the data directory (or a bucket): a standalone scheduler shares it with the server.
    createUploadCleanupJob(
      { images: parts.images, inUse: () => imagesInUse(db()), logger: logger.child({ component: 'uploads' }) },
      { graceMs: parts.uploadGraceMs },
    ),
  ];
};

/**
 * The mail and push jobs of a scheduler, wired once for both: the server's embedded scheduler and
 * `npm run scheduler`. Each records a message on the user's notifications stream before sending
 * it, so two processes running them send it once.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { SchedulerJob } from '@adapters/scheduler';
import type { EventStore } from '@core/eventstore/types';
import type { Mailer } from '@core/mail';
import { createPushJob, type PushSender } from '@adapters/push';
import { createFailedReplyMailJob } from './failed-replies';
import { createWeeklySummaryJob } from './weekly-summary';
import { createXSendingPausedMailJob } from './x-sending-paused';

export interface NotificationDeps {
  store: EventStore;
  db: () => ReadDb;
  mailer: Mailer;
  /** The base of the links in the messages (RIPOSTE_PUBLIC_URL, or where the server listens). */
  appUrl: () => string;
  logger: { warn(obj: object, msg: string): void };
  /** Web Push to users' devices (ready and failed replies); null where it is not set up. */
  push: PushSender | null;
}

export const notificationJobs = (deps: NotificationDeps): SchedulerJob[] => [
  createFailedReplyMailJob(deps),
  createWeeklySummaryJob(deps),
  createXSendingPausedMailJob(deps),
  ...(deps.push === null ? [] : [createPushJob({ ...deps, sender: deps.push })]),
];

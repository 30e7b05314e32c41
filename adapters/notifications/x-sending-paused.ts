/**
 * Scheduler job `mail:x-sending-paused`: while sending to X is paused for the installation
 * (core/x-sending), every active admin with an e-mail is told once per pause; the record on the
 * admin's notifications stream comes first, so of several processes one sends it.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { adminRecipients } from '@adapters/read-models/users';
import { xSendingNow } from '@adapters/read-models/x-sending';
import type { SchedulerJob } from '@adapters/scheduler';
import { handleCommand } from '@core/eventstore/command-handler';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { xSendingPausedMail, type Mailer } from '@core/mail';
import { notificationDecider, notificationStream } from '@core/notifications';

export const X_SENDING_PAUSED_MAIL_JOB = 'mail:x-sending-paused';

export const xSendingPausedKey = (since: string): string => `x_sending_paused:${since}`;

export const createXSendingPausedMailJob = (
  deps: { store: EventStore; db: () => ReadDb; mailer: Mailer; appUrl: () => string; logger: { warn(obj: object, msg: string): void } },
  options: { everyMs?: number } = {},
): SchedulerJob => {
  const everyMs = options.everyMs ?? 10_000;
  let nextAt = 0;
  const told = new Set<string>();
  return {
    name: X_SENDING_PAUSED_MAIL_JOB,
    run: async (now) => {
      if (now.getTime() < nextAt) return;
      nextAt = now.getTime() + everyMs;
      const view = xSendingNow(deps.db());
      if (view.state !== 'paused') return;
      const key = xSendingPausedKey(view.since);
      for (const admin of adminRecipients(deps.db())) {
        if (told.has(`${admin.id}|${key}`)) continue;
        const result = await handleCommand(
          deps.store,
          notificationStream(admin.id),
          notificationDecider,
          { type: 'RecordNotification', key, kind: 'x_sending_paused', now: now.toISOString() },
          { metadata: { actor: SCHEDULER_ACTOR, correlationId: randomUUID(), causationId: null, time: now.toISOString() }, newId: randomUUID },
        );
        told.add(`${admin.id}|${key}`);
        if (result.events.length === 0) continue; // recorded before: sent already (or by another process)
        const message = xSendingPausedMail(admin.email, { message: view.message, detail: view.detail, since: view.since, adminUrl: `${deps.appUrl()}/dashboard` });
        await deps.mailer.send(message).catch((err: unknown) => deps.logger.warn({ err, userId: admin.id }, 'the e-mail saying sending to X is paused could not be sent'));
      }
    },
  };
};

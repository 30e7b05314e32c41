/**
 * Scheduler job `mail:failed-replies`: every reply that ended failed in the last day, whose owner
 * wants "Email on failed replies" and has an e-mail, is recorded on the owner's notifications
 * stream and then e-mailed, once (core/notifications: the record is the licence to send).
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { failedRepliesSince } from '@adapters/read-models/replies';
import { failedReplyRecipients } from '@adapters/read-models/users';
import { handleCommand } from '@core/eventstore/command-handler';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { failedReplyMail, type Mailer } from '@core/mail';
import { failedReplyKey, notificationDecider, notificationStream } from '@core/notifications';
import type { SchedulerJob } from '@adapters/scheduler';

export const FAILED_REPLY_MAIL_JOB = 'mail:failed-replies';
const DAY = 86_400_000;

export const createFailedReplyMailJob = (
  deps: { store: EventStore; db: () => ReadDb; mailer: Mailer; appUrl: () => string; logger: { warn(obj: object, msg: string): void } },
  options: { everyMs?: number } = {},
): SchedulerJob => {
  const everyMs = options.everyMs ?? 10_000;
  let nextAt = 0;
  return {
    name: FAILED_REPLY_MAIL_JOB,
    run: async (now) => {
      if (now.getTime() < nextAt) return;
      nextAt = now.getTime() + everyMs;
      const failed = failedRepliesSince(deps.db(), new Date(now.getTime() - DAY).toISOString(), 500);
      const emails = failedReplyRecipients(deps.db(), [...new Set(failed.map((r) => r.userId))]);
      for (const reply of failed) {
        const to = emails.get(reply.userId);
        if (to === undefined) continue;
        const options = { metadata: { actor: SCHEDULER_ACTOR, correlationId: randomUUID(), causationId: null, time: now.toISOString() }, newId: randomUUID };
        const result = await handleCommand(
          deps.store,
          notificationStream(reply.userId),
          notificationDecider,
          { type: 'RecordNotification', key: failedReplyKey(reply.id), kind: 'failed_reply', now: now.toISOString() },
          options,
        );
        if (result.events.length === 0) continue; // recorded before: sent already (or by another process)
        const message = failedReplyMail(to, {
          target: reply.targetUsername ?? 'unknown',
          content: reply.content,
          status: reply.status,
          message: reply.statusMessage,
          historyUrl: `${deps.appUrl()}/reply-history`,
        });
        await deps.mailer.send(message).catch((err: unknown) => deps.logger.warn({ err, replyId: reply.id }, 'a failed-reply e-mail could not be sent'));
      }
    },
  };
};

/**
 * Scheduler job `mail:weekly-summary`: once per ISO week (in the user's zone) each active user with
 * an e-mail who wants the weekly summary gets last week's figures, if the account existed before
 * that week ended. The week's key is recorded on the user's notifications stream before the send,
 * so a restart or a second scheduler never sends it twice.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { replyCountsBetween } from '@adapters/read-models/replies';
import { countUpcomingSchedules } from '@adapters/read-models/scheduling';
import { weeklySummaryRecipients } from '@adapters/read-models/users';
import type { SchedulerJob } from '@adapters/scheduler';
import { handleCommand } from '@core/eventstore/command-handler';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { weeklySummaryMail, type Mailer } from '@core/mail';
import { notificationDecider, notificationStream, previousIsoWeek, weeklySummaryKey } from '@core/notifications';

export const WEEKLY_SUMMARY_JOB = 'mail:weekly-summary';

export const createWeeklySummaryJob = (
  deps: { store: EventStore; db: () => ReadDb; mailer: Mailer; appUrl: () => string; logger: { warn(obj: object, msg: string): void } },
  options: { everyMs?: number } = {},
): SchedulerJob => {
  const everyMs = options.everyMs ?? 60_000;
  let nextAt = 0;
  return {
    name: WEEKLY_SUMMARY_JOB,
    run: async (now) => {
      if (now.getTime() < nextAt) return;
      nextAt = now.getTime() + everyMs;
      for (let after = ''; ; ) {
        const page = weeklySummaryRecipients(deps.db(), after, 200);
        if (page.length === 0) return;
        after = page[page.length - 1]?.id ?? after;
        for (const user of page) {
          const week = previousIsoWeek(now, user.timeZone);
          if (user.createdAt >= week.end) continue; // no full week to sum up yet
          const metadata = { actor: SCHEDULER_ACTOR, correlationId: randomUUID(), causationId: null, time: now.toISOString() };
          const result = await handleCommand(
            deps.store,
            notificationStream(user.id),
            notificationDecider,
            { type: 'RecordNotification', key: weeklySummaryKey(week.week), kind: 'weekly_summary', now: now.toISOString() },
            { metadata, newId: randomUUID },
          );
          if (result.events.length === 0) continue;
          const counts = replyCountsBetween(deps.db(), user.id, week.start, week.end);
          const message = weeklySummaryMail(user.email, { week: week.week, ...counts, activeSchedules: countUpcomingSchedules(deps.db(), user.id), settingsUrl: `${deps.appUrl()}/settings` });
          await deps.mailer.send(message).catch((err: unknown) => deps.logger.warn({ err, userId: user.id }, 'a weekly summary could not be sent'));
        }
      }
    },
  };
};

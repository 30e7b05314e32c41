/**
 * Scheduler job `push:replies`: a reply that became ready (the user's tap posts it) or ended failed
 * is announced on every device its owner subscribed, within a tick of its projection. The
 * announcement is reserved (core/eventstore/reservation: appended with 'no stream') before it is
 * sent, so of several scheduler processes, or a restart, exactly one sends it; a crash between the
 * reservation and the send loses that one notification rather than sending it twice.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { pushDevicesOf, usersWithDevices } from '@adapters/read-models/push';
import { repliesChangedSince } from '@adapters/read-models/replies';
import type { SchedulerJob } from '@adapters/scheduler';
import { handleCommand } from '@core/eventstore/command-handler';
import { reserve } from '@core/eventstore/reservation';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { pushDecider, pushKey, pushKindOf, pushMessageFor, pushStream } from '@core/push';
import type { PushSender } from './sender';

export const PUSH_JOB = 'push:replies';
export const PUSH_RESERVATION_KIND = 'push_notice';

/** Changes this old when the job starts are still announced (a restart of a few minutes loses none). */
const LOOK_BACK_MS = 15 * 60_000;
/** Re-read behind the newest change seen: another process's events may carry slightly older times. */
const OVERLAP_MS = 2 * 60_000;
const PAGE = 500;

export interface PushJobDeps {
  store: EventStore;
  db: () => ReadDb;
  sender: PushSender;
  /** The base of links to Riposte's own pages. */
  appUrl: () => string;
  logger: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

export const createPushJob = (deps: PushJobDeps): SchedulerJob => {
  let since: number | null = null;
  /** Changes handled within the overlap, so a re-read costs no store call. */
  const handled = new Map<string, number>();

  const announce = async (now: Date, reply: Parameters<typeof pushMessageFor>[0]) => {
    const message = pushMessageFor(reply, deps.appUrl());
    if (message === null) return;
    const metadata = { actor: SCHEDULER_ACTOR, correlationId: reply.id, causationId: null, time: now.toISOString() };
    const outcome = await reserve(deps.store, { kind: PUSH_RESERVATION_KIND, value: pushKey(reply.id, message.kind), ownerId: reply.id }, { metadata, newId: randomUUID });
    if (!outcome.changed) return; // announced before, here or by another process
    for (const device of pushDevicesOf(deps.db(), reply.userId)) {
      const result = await deps.sender.send(device, message);
      if (result.kind === 'gone') {
        await handleCommand(deps.store, pushStream(reply.userId), pushDecider, { type: 'DropGone', userId: reply.userId, endpoint: device.endpoint, now: now.toISOString() }, {
          metadata: { ...metadata, correlationId: randomUUID() },
          newId: randomUUID,
        });
      } else if (result.kind === 'failed') {
        deps.logger.warn({ replyId: reply.id, status: result.status, err: result.message }, 'a push notification could not be delivered');
      }
    }
  };

  return {
    name: PUSH_JOB,
    run: async (now) => {
      const from = since === null ? now.getTime() - LOOK_BACK_MS : since - OVERLAP_MS;
      const changed = repliesChangedSince(deps.db(), new Date(from).toISOString(), PAGE);
      const notifiable = changed.filter((r) => pushKindOf(r) !== null);
      const recipients = usersWithDevices(deps.db(), [...new Set(notifiable.map((r) => r.userId))]);
      for (const reply of notifiable) {
        const key = `${reply.id}/${reply.status}/${reply.updatedAt}`;
        if (handled.has(key) || !recipients.has(reply.userId)) continue;
        await announce(now, reply);
        handled.set(key, Date.parse(reply.updatedAt));
      }
      const newest = changed.at(-1);
      if (newest !== undefined) since = Math.max(since ?? 0, Date.parse(newest.updatedAt) + (changed.length === PAGE ? OVERLAP_MS : 0));
      else since ??= from + OVERLAP_MS;
      for (const [key, at] of handled) if (at < (since ?? 0) - 2 * OVERLAP_MS) handled.delete(key);
    },
  };
};

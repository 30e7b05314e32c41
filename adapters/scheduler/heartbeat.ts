/**
 * The scheduler job `scheduler:heartbeat`: records on the event store that this process ticks
 * (core/scheduler-health), at most once per HEARTBEAT_EVERY_MS, so the admin's dashboard sees every
 * scheduler process sharing the store: the embedded one and `npm run scheduler` alike. A failed
 * write is logged and tried again on a later tick; it never stops the other jobs.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { HEARTBEAT_EVERY_MS, heartbeatStream, type SchedulerHealthEvent, type SchedulerKind } from '@core/scheduler-health';
import type { SchedulerJob } from './index';

export const createHeartbeatJob = (deps: {
  store: EventStore;
  kind: SchedulerKind;
  clock: () => Date;
  logger: { error(obj: object, msg: string): void };
  everyMs?: number;
  /** The id its beats carry (default: a new one); the dispatcher writes the same on its sends. */
  processId?: string;
}): SchedulerJob => {
  const processId = deps.processId ?? randomUUID();
  const startedAt = deps.clock().toISOString();
  let lastBeat = Number.NEGATIVE_INFINITY;
  let ticks = 0;
  return {
    name: 'scheduler:heartbeat',
    async run(now) {
      ticks += 1;
      if (now.getTime() - lastBeat < (deps.everyMs ?? HEARTBEAT_EVERY_MS)) return;
      const at = now.toISOString();
      const event: SchedulerHealthEvent = { type: 'SchedulerHeartbeat', data: { processId, kind: deps.kind, host: hostname(), pid: process.pid, startedAt, at, ticks } };
      try {
        await deps.store.append(heartbeatStream(at), [{ id: randomUUID(), ...event, metadata: { actor: SCHEDULER_ACTOR, correlationId: processId, causationId: null, time: at } }], 'any');
        lastBeat = now.getTime();
      } catch (err) {
        deps.logger.error({ err }, 'recording the scheduler heartbeat failed; it is tried again on a later tick');
      }
    },
  };
};

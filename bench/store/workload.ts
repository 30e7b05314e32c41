// The workload every contender runs: the same pre-built events (built before any timer starts),
// written to a fresh database file, one event per append or 100 per append, with an expected
// revision per stream, until the time box or the pool runs out.
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@core/eventstore/types';

export interface Workload {
  /** Events per append. */
  batch: number;
  /** Streams the appends rotate over (each append names its stream's expected revision). */
  streams: number;
}

export const SINGLE: Workload = { batch: 1, streams: 1_000 };
export const BATCH: Workload = { batch: 100, streams: 100 };

export const buildEventPool = (size: number): NewEvent[] => {
  const time = new Date('2026-11-22T12:00:00Z').toISOString();
  return Array.from({ length: size }, (_, n) => ({
    id: randomUUID(),
    type: 'ReplyScheduled',
    data: { scheduleId: n, text: 'Great thread! Here is what we learned shipping this.', runAt: time, accountId: 'acc-42' },
    metadata: { actor: 'bench-user', correlationId: randomUUID(), causationId: null, time },
  }));
};

export interface Measurement {
  appends: number;
  events: number;
  seconds: number;
}

export const perSecond = (m: Measurement, what: 'appends' | 'events'): number => m[what] / m.seconds;

/** The appender under test: called once per append with its stream index, revision (-1 = new) and events. */
export type Appender = (stream: number, revision: number, events: NewEvent[]) => Promise<void> | void;

/**
 * One contender's run of a workload, in slices: the bench alternates contenders slice by slice so
 * that noise from other work on the machine falls on all of them alike.
 */
export const createSession = (pool: readonly NewEvent[], workload: Workload, append: Appender) => {
  const revisions = new Array<number>(workload.streams).fill(-1);
  const total: Measurement = { appends: 0, events: 0, seconds: 0 };
  return {
    total,
    /** Appends one after another for `seconds` (or until the pool is used up). */
    async run(seconds: number): Promise<void> {
      const start = performance.now();
      const deadline = start + seconds * 1_000;
      let appends = 0;
      while (total.events + workload.batch <= pool.length) {
        const stream = total.appends % workload.streams;
        const events = pool.slice(total.events, total.events + workload.batch);
        await append(stream, revisions[stream]!, events);
        revisions[stream]! += workload.batch;
        total.events += workload.batch;
        total.appends += 1;
        appends += 1;
        // Reading the clock every append would cost more than a fast append; every 16 is plenty.
        if ((appends & 15) === 0 && performance.now() > deadline) break;
      }
      total.seconds += (performance.now() - start) / 1_000;
    },
  };
};

/** `callers` loops run at once, each on its own stream, sharing the pool and the time box. */
export const runConcurrent = async (
  pool: readonly NewEvent[],
  callers: number,
  seconds: number,
  append: Appender,
): Promise<Measurement> => {
  const deadline = performance.now() + seconds * 1_000;
  const start = performance.now();
  let next = 0;
  let appends = 0;
  const caller = async (stream: number) => {
    let revision = -1;
    while (next < pool.length && performance.now() < deadline) {
      const event = pool[next]!;
      next += 1;
      await append(stream, revision, [event]);
      revision += 1;
      appends += 1;
    }
  };
  await Promise.all(Array.from({ length: callers }, (_, i) => caller(i)));
  return { appends, events: appends, seconds: (performance.now() - start) / 1_000 };
};

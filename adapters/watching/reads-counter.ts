/**
 * The reads counter of one process: every request the watcher makes is tallied in memory per UTC
 * day (core/watching/reads.ts) and the tallies are recorded on the day's stream `x-reads-<day>`
 * at most once per `everyMs` (a minute), and when the process stops (`flush`). A crash loses at
 * most that minute's count; a failed write keeps the tally for the next attempt.
 */
import { randomUUID } from 'node:crypto';
import { handleCommand } from '@core/eventstore/command-handler';
import { SCHEDULER_ACTOR, type EventStore } from '@core/eventstore/types';
import { readsDecider, readsStream, tallyRead, type CountedRead, type ReadTally } from '@core/watching';

export const READS_FLUSH_EVERY_MS = 60_000;

export interface ReadsCounter {
  count(read: CountedRead): void;
  /** Records the tallies when `everyMs` has passed since the last write (or always, with force). */
  flush(options?: { force?: boolean }): Promise<void>;
}

export const createReadsCounter = (deps: {
  store: EventStore;
  clock: () => Date;
  logger: { error(obj: object, msg: string): void };
  everyMs?: number;
}): ReadsCounter => {
  let tallies = new Map<string, ReadTally>();
  let lastFlush = deps.clock().getTime();
  let writing: Promise<void> = Promise.resolve();

  const write = async () => {
    const pending = tallies;
    tallies = new Map();
    lastFlush = deps.clock().getTime();
    for (const tally of pending.values()) {
      const time = deps.clock().toISOString();
      try {
        await handleCommand(deps.store, readsStream(tally.day), readsDecider, { type: 'CountReads', tally }, {
          metadata: { actor: SCHEDULER_ACTOR, correlationId: `x-reads-${tally.day}`, causationId: null, time },
          newId: randomUUID,
        });
      } catch (err) {
        deps.logger.error({ err, day: tally.day }, 'recording the X reads counter failed; it is tried again later');
        // Put it back, merged with what was counted meanwhile.
        const now = tallies.get(tally.day);
        tallies.set(
          tally.day,
          now === undefined
            ? tally
            : { ...now, from: tally.from < now.from ? tally.from : now.from, to: tally.to > now.to ? tally.to : now.to, timelineRequests: now.timelineRequests + tally.timelineRequests, searchRequests: now.searchRequests + tally.searchRequests, posts: now.posts + tally.posts },
        );
      }
    }
  };

  return {
    count: (read) => {
      tallies = tallyRead(tallies, read);
    },
    flush: async (options = {}) => {
      await writing;
      if (tallies.size === 0) return;
      if (!options.force && deps.clock().getTime() - lastFlush < (deps.everyMs ?? READS_FLUSH_EVERY_MS)) return;
      writing = write();
      await writing;
    },
  };
};

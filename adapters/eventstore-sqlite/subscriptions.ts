/**
 * Subscriptions: read pages after the checkpoint until there is nothing left, then sleep until this
 * store commits (in-process notification) or the poll interval passes (another process may write
 * the same file; it cannot notify us). Positions only grow, so "after the last delivered position"
 * is a complete resume point.
 */
import type { Position, RecordedEvent, SubscribeOptions, Subscription } from '@core/eventstore/types';
import type { Reads } from './reads';
import { fromPosition } from './schema';

export interface SubscriptionSettings {
  pollIntervalMs: number;
  pageSize: number;
}

export const createSubscriptions = (reads: Reads, settings: SubscriptionSettings) => {
  const wakers = new Set<() => void>();
  let closed = false;

  const subscribe = (options: SubscribeOptions = {}): Subscription => {
    let checkpoint: Position | null = options.after ?? null;
    fromPosition(checkpoint); // refuse a foreign position now rather than on the first read
    let stopped = false;
    let wake: (() => void) | null = null;
    const waker = () => {
      const resolve = wake;
      wake = null;
      resolve?.();
    };
    wakers.add(waker);
    const stop = () => {
      stopped = true;
      wakers.delete(waker);
      waker();
    };
    const sleep = async (): Promise<void> => {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(waker, settings.pollIntervalMs);
      });
      clearTimeout(timer);
    };
    const live = () => !stopped && !closed;

    async function* events(): AsyncGenerator<RecordedEvent> {
      try {
        while (live()) {
          const page = reads.readAll(checkpoint, settings.pageSize);
          if (page.length === 0) {
            await sleep();
            continue;
          }
          for (const event of page) {
            if (!live()) return;
            checkpoint = event.position;
            yield event;
          }
        }
      } finally {
        stop();
      }
    }

    return {
      [Symbol.asyncIterator]: events,
      close: async () => stop(),
    };
  };

  return {
    subscribe,
    /** Something was committed: wake every sleeping subscription. */
    notify: (): void => {
      for (const waker of [...wakers]) waker();
    },
    /** The store is closing: every subscription's iterator ends. */
    closeAll: (): void => {
      closed = true;
      for (const waker of [...wakers]) waker();
      wakers.clear();
    },
  };
};

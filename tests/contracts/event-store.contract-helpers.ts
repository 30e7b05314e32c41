// Helpers of the event-store contract suite. The suite runs on shared servers that are never wiped
// (KurrentDB), so every test writes to its own uuid-named streams, starts global reads at a marker
// it appended itself, and filters what it reads down to its own streams.
import { randomUUID } from 'node:crypto';
import type {
  EventStore,
  NewEvent,
  Position,
  RecordedEvent,
  StreamName,
  Subscription,
} from '@core/eventstore/types';

export const uniqueStream = (label: string): StreamName => `contract_${label}-${randomUUID().replaceAll('-', '')}`;

export const newEvent = (type = 'Tested', data: unknown = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    actor: 'contract-suite',
    correlationId: randomUUID(),
    causationId: null,
    time: new Date().toISOString(),
  },
});

export const newEvents = (count: number, type = 'Tested'): NewEvent[] =>
  Array.from({ length: count }, (_, i) => newEvent(type, { i }));

/** The current end of the global order: the position of a marker event this call appends. */
export const markEnd = async (store: EventStore): Promise<Position> =>
  (await store.append(uniqueStream('marker'), [newEvent('Marker')], 'no_stream')).position;

/** Every event after `after` in global order (paged), kept when `keep` says so. */
export const readAllAfter = async (
  store: EventStore,
  after: Position,
  keep: (e: RecordedEvent) => boolean,
  pageSize = 500,
): Promise<RecordedEvent[]> => {
  const kept: RecordedEvent[] = [];
  let from = after;
  for (;;) {
    const page = await store.readAll({ after: from, maxCount: pageSize });
    const last = page.at(-1);
    if (last === undefined) return kept;
    kept.push(...page.filter(keep));
    from = last.position;
  }
};

export const inStreams =
  (...streams: StreamName[]) =>
  (e: RecordedEvent): boolean =>
    streams.includes(e.streamName);

const TIMEOUT = Symbol('timeout');

/**
 * Pulls from one iterator of a subscription across several `take` calls (a subscription is consumed
 * once: catch-up, then live). A `take` that times out leaves its pending `next()` for the next call.
 */
export const subscriptionReader = (subscription: Subscription) => {
  const iterator = subscription[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
  let done = false;
  /** The position of the last event seen, kept or not: what a consumer would checkpoint. */
  let checkpoint: Position | null = null;

  const nextWithin = async (ms: number): Promise<IteratorResult<RecordedEvent> | typeof TIMEOUT> => {
    pending ??= iterator.next();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMEOUT>((resolve) => (timer = setTimeout(() => resolve(TIMEOUT), ms)));
    try {
      const result = await Promise.race([pending, timeout]);
      if (result !== TIMEOUT) pending = null;
      return result;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    /** Up to `count` kept events, waiting at most `timeoutMs` overall. */
    async take(count: number, keep: (e: RecordedEvent) => boolean, timeoutMs: number): Promise<RecordedEvent[]> {
      const got: RecordedEvent[] = [];
      const deadline = Date.now() + timeoutMs;
      while (got.length < count && !done) {
        const result = await nextWithin(Math.max(1, deadline - Date.now()));
        if (result === TIMEOUT) break;
        if (result.done) {
          done = true;
          break;
        }
        checkpoint = result.value.position;
        if (keep(result.value)) got.push(result.value);
      }
      return got;
    },
    /** True once the iterator has finished (after close). */
    async endsWithin(ms: number): Promise<boolean> {
      for (;;) {
        if (done) return true;
        const result = await nextWithin(ms);
        if (result === TIMEOUT) return false;
        if (result.done) done = true;
      }
    },
    get checkpoint(): Position | null {
      return checkpoint;
    },
  };
};

/** The fields a reader can compare across stores (drops nothing: RecordedEvent is plain data). */
export const summary = (events: readonly RecordedEvent[]) =>
  events.map((e) => ({ stream: e.streamName, revision: e.revision, id: e.id, type: e.type }));

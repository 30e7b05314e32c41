/**
 * A small, real EventStore kept in memory: expected-revision checks, idempotent re-sends by event
 * id, global order, catch-up-then-live subscriptions. For unit tests of anything that needs a store;
 * not for production (nothing survives the process).
 *
 * Data goes through a JSON round trip like on the durable stores, so a test cannot pass by storing
 * a value those stores would lose (a Date, undefined, a Map), and stored events are frozen so
 * a reader cannot change history.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@core/shared/errors';
import { duplicateEventIdError, WrongExpectedRevisionError } from '@core/eventstore/errors';
import { eraseByCopy } from '@core/eventstore/erasure-copies';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  Snapshot,
  SnapshotStore,
  StreamAppend,
  StreamName,
  SubscribeOptions,
  Subscription,
} from '@core/eventstore/types';

// Fixed width so that string order is numeric order (the port compares positions as strings).
const toPosition = (sequence: number): Position => String(sequence).padStart(16, '0') as Position;
/** Index in `all` of the first event strictly after `position` (position n is all[n - 1]). */
const indexAfter = (position: Position | null | undefined): number => (position == null ? 0 : Number(position));

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};

const jsonCopy = (value: unknown, what: string): unknown => {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : (JSON.parse(text) as unknown);
  } catch (cause) {
    throw new AppError('validation', `Event ${what} is not JSON-serialisable`, { cause });
  }
};

export const createMemoryEventStore = (): EventStore => {
  const all: RecordedEvent[] = [];
  const streams = new Map<StreamName, RecordedEvent[]>();
  const byId = new Map<string, RecordedEvent>();
  const wakers = new Set<() => void>();
  let closed = false;

  const ensureOpen = () => {
    if (closed) throw new AppError('unavailable', 'The in-memory event store is closed');
  };

  const checkExpected = (stream: StreamName, expected: ExpectedRevision, current: RecordedEvent[] | undefined) => {
    const actual = current === undefined ? 'no_stream' : current.length === 0 ? 'no_stream' : BigInt(current.length - 1);
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === 'no_stream') ||
      (expected === 'stream_exists' && actual !== 'no_stream') ||
      (typeof expected === 'bigint' && actual === expected);
    if (!ok) throw new WrongExpectedRevisionError(stream, expected, actual);
  };

  /** A re-send of events already stored (same ids, same stream, same order) returns the first result. */
  const resend = (stream: StreamName, events: readonly NewEvent[]): AppendResult | null => {
    const first = events[0] === undefined ? undefined : byId.get(events[0].id);
    if (first === undefined) {
      const clash = events.find((e) => byId.has(e.id));
      if (clash) throw duplicateEventIdError(stream, clash.id, 'the id is already used by another append');
      return null;
    }
    const stored = streams.get(first.streamName) ?? [];
    const start = Number(first.revision);
    const same =
      first.streamName === stream && events.every((e, i) => stored[start + i]?.id === e.id);
    const last = stored[start + events.length - 1];
    if (!same || last === undefined) {
      throw duplicateEventIdError(stream, first.id, 'the id is already used by another append');
    }
    return { nextExpectedRevision: last.revision, position: last.position };
  };

  const wakeAll = () => {
    for (const wake of wakers) wake();
  };

  /** The append itself, synchronous so a multi-stream append can undo it (wakes no one). */
  const appendNow = (stream: StreamName, events: readonly NewEvent[], expectedRevision: ExpectedRevision): AppendResult => {
    const seen = new Set<string>();
    const twice = events.find((e) => seen.size === seen.add(e.id).size);
    if (twice !== undefined) throw duplicateEventIdError(stream, twice.id, 'the id appears twice in one append');
    const again = resend(stream, events);
    if (again) return again;
    const current = streams.get(stream);
    checkExpected(stream, expectedRevision, current);
    const target = current ?? [];
    const recorded = events.map((e, i): RecordedEvent =>
      deepFreeze({
        id: e.id,
        type: e.type,
        data: jsonCopy(e.data, 'data'),
        metadata: jsonCopy(e.metadata, 'metadata') as NewEvent['metadata'],
        streamName: stream,
        revision: BigInt(target.length + i),
        position: toPosition(all.length + i + 1),
      }),
    );
    const last = recorded.at(-1);
    if (last === undefined) {
      // Nothing to write: answer with where the stream and the store stand.
      const tail = target.at(-1);
      return { nextExpectedRevision: tail?.revision ?? -1n, position: tail?.position ?? toPosition(all.length) };
    }
    target.push(...recorded);
    streams.set(stream, target);
    for (const e of recorded) {
      all.push(e);
      byId.set(e.id, e);
    }
    return { nextExpectedRevision: last.revision, position: last.position };
  };

  const append: EventStore['append'] = async (stream, events, expectedRevision) => {
    ensureOpen();
    const result = appendNow(stream, events, expectedRevision);
    wakeAll();
    return result;
  };

  /** All or nothing: a part refused undoes the parts before it. A re-send is refused, as on SQLite. */
  const appendMany = async (appends: readonly StreamAppend[]): Promise<AppendResult[]> => {
    ensureOpen();
    const seen = new Set<string>();
    for (const { stream, events } of appends) {
      for (const e of events) {
        if (seen.size === seen.add(e.id).size) throw duplicateEventIdError(stream, e.id, 'the id appears twice in one append');
        if (byId.has(e.id)) throw duplicateEventIdError(stream, e.id, 'the id is already stored');
      }
    }
    const mark = all.length;
    const lengths = new Map<StreamName, number | undefined>();
    try {
      const results = appends.map((a) => {
        if (!lengths.has(a.stream)) lengths.set(a.stream, streams.get(a.stream)?.length);
        return appendNow(a.stream, a.events, a.expectedRevision);
      });
      wakeAll();
      return results;
    } catch (error) {
      for (const e of all.splice(mark)) byId.delete(e.id);
      for (const [stream, length] of lengths) {
        if (length === undefined) streams.delete(stream);
        else streams.get(stream)?.splice(length);
      }
      throw error;
    }
  };

  const kept = new Map<StreamName, string>();
  const snapshots: SnapshotStore = {
    load: async (stream) => {
      ensureOpen();
      const text = kept.get(stream);
      if (text === undefined) return null;
      const { revision, version, state } = JSON.parse(text) as { revision: string; version: string; state: unknown };
      return { revision: BigInt(revision), version, state };
    },
    save: async (stream, snapshot: Snapshot) => {
      ensureOpen();
      const text = kept.get(stream);
      const current = text === undefined ? null : (JSON.parse(text) as { revision: string; version: string });
      if (current !== null && BigInt(current.revision) >= snapshot.revision && current.version === snapshot.version) return;
      // A JSON round trip, like the durable stores: a state they would lose fails here too.
      kept.set(stream, JSON.stringify({ revision: String(snapshot.revision), version: snapshot.version, state: jsonCopy(snapshot.state, 'snapshot') }));
    },
  };

  /** Each stream's "truncate before", as KurrentDB's $tb: reads skip the events before it; $all keeps them. */
  const truncated = new Map<StreamName, bigint>();

  const readStream = async (stream: StreamName, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> => {
    ensureOpen();
    const before = Number(truncated.get(stream) ?? 0n);
    const events = streams.get(stream) ?? [];
    if (options.backwards === true) {
      const newest = Math.min(events.length - 1, Number(options.fromRevision ?? BigInt(events.length - 1)));
      const oldest = Math.max(before, options.maxCount === undefined ? 0 : newest - Math.floor(options.maxCount) + 1);
      return newest < before || options.maxCount === 0 ? [] : events.slice(oldest, newest + 1).reverse();
    }
    const from = Math.max(before, Number(options.fromRevision ?? 0n));
    return events.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount);
  };

  const readStreams: EventStore['readStreams'] = async (names, options = {}) => {
    ensureOpen();
    return Promise.all(names.map((name) => readStream(name, { backwards: options.backwards, maxCount: options.maxCount })));
  };

  /** Erases as KurrentDB does (copy-and-truncate), so the contract suite runs that path without a server. */
  const erase: NonNullable<EventStore['erase']> = async (stream, redact) => {
    ensureOpen();
    const truncateBefore = async (name: StreamName, revision: bigint) => {
      truncated.set(name, revision);
      kept.delete(name);
    };
    return eraseByCopy({ readStream, append, truncateBefore }, stream, redact, randomUUID);
  };

  const readAll = async (options: ReadAllOptions = {}): Promise<RecordedEvent[]> => {
    ensureOpen();
    const from = indexAfter(options.after);
    return all.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount);
  };

  const subscribe = (options: SubscribeOptions = {}): Subscription => {
    let next = indexAfter(options.after);
    let stopped = false;
    let wake: (() => void) | null = null;
    const waker = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    wakers.add(waker);
    const stop = () => {
      stopped = true;
      wakers.delete(waker);
      waker();
    };
    return {
      async *[Symbol.asyncIterator]() {
        try {
          while (!stopped && !closed) {
            const event = all[next];
            if (event !== undefined) {
              next += 1;
              yield event;
            } else {
              await new Promise<void>((resolve) => (wake = resolve));
            }
          }
        } finally {
          stop();
        }
      },
      close: async () => stop(),
    };
  };

  const close = async () => {
    closed = true;
    for (const wake of wakers) wake();
    wakers.clear();
  };

  // Each memory store is its own store: a read database fed by one is rebuilt for another.
  const identity = `memory:${randomUUID()}`;
  return { kind: 'memory', identity: async () => identity, append, appendMany, snapshots, erase, readStream, readStreams, readAll, subscribe, close };
};

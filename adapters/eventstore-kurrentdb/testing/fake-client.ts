/**
 * A fake KurrentDB client at the adapter's boundary: the few methods the adapter calls
 * (appendToStream, readStream, readAll, subscribeToAll, get/setStreamMetadata, dispose), over one in-memory log shared by
 * every client made from it, like clients of one server. Tests break a given client's reads (as a
 * native bridge whose first connection failed stays broken) or every append.
 */
import { BACKWARDS, NO_STREAM, StreamNotFoundError, UnavailableError, WrongExpectedVersionError, type KurrentDBClient } from '@kurrent/kurrentdb-client';

interface Stored {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
  created: Date;
  isJson: true;
  position: { commit: bigint; prepare: bigint };
}

export interface FakeWorld {
  /** Makes one client; the adapter's `makeClient` option. */
  make: () => KurrentDBClient;
  /** Clients made so far, in order (index 0 is the writer, 1 the first reader). */
  made: number;
  /** Reads on these clients fail with UnavailableError, for good. */
  brokenReaders: Set<number>;
  /** Reads on these clients never answer (a server that accepts the call and goes silent). */
  hangingReaders: Set<number>;
  /** While set, every append fails with this error. */
  appendError: Error | null;
  appendCalls: { stream: string; events: number; deadline: number | undefined }[];
  /** Stream reads started so far, and the most that were ever under way at once. */
  streamReads: number;
  maxStreamReadsAtOnce: number;
  /** Every setStreamMetadata call, in order. */
  metadataWrites: { stream: string; metadata: Record<string, unknown> }[];
  stream(name: string): Stored[];
}

type AppendOptions = { streamState?: unknown; deadline?: number };
type ReadOptions = { fromRevision?: unknown; maxCount?: number; direction?: unknown };

export const createFakeWorld = (): FakeWorld => {
  const log: Stored[] = [];
  let next = 1_000n;
  /** Each stream's metadata document, as set (truncateBefore is honoured by stream reads, not by $all). */
  const metadata = new Map<string, Record<string, unknown>>();
  let streamReadsNow = 0;

  const world: FakeWorld = {
    made: 0,
    brokenReaders: new Set(),
    hangingReaders: new Set(),
    appendError: null,
    appendCalls: [],
    metadataWrites: [],
    streamReads: 0,
    maxStreamReadsAtOnce: 0,
    stream: (name) => log.filter((e) => e.streamId === name),
    make: () => {
      const index = world.made;
      world.made += 1;
      const readable = () => {
        if (world.brokenReaders.has(index)) throw new UnavailableError(undefined as never);
      };
      const client = {
        appendToStream: async (stream: string, events: { id: string; type: string; data: unknown; metadata?: unknown }[], options: AppendOptions = {}) => {
          world.appendCalls.push({ stream, events: events.length, deadline: options.deadline });
          if (world.appendError !== null) throw world.appendError;
          const current = world.stream(stream);
          const last = current.at(-1)?.revision ?? -1n;
          if (options.streamState === NO_STREAM && last !== -1n) {
            throw new WrongExpectedVersionError(undefined as never, { streamName: stream, expected: 'no_stream', current: last });
          }
          if (typeof options.streamState === 'bigint' && options.streamState !== last) {
            throw new WrongExpectedVersionError(undefined as never, { streamName: stream, expected: options.streamState, current: last });
          }
          let revision = last;
          for (const e of events) {
            revision += 1n;
            next += 100n;
            log.push({ ...e, metadata: e.metadata ?? {}, streamId: stream, revision, created: new Date(), isJson: true, position: { commit: next, prepare: next } });
          }
          return { success: true, nextExpectedRevision: revision, position: { commit: next + 50n, prepare: next + 50n } };
        },
        readStream: (stream: string, options: ReadOptions = {}) =>
          (async function* () {
            world.streamReads += 1;
            streamReadsNow += 1;
            world.maxStreamReadsAtOnce = Math.max(world.maxStreamReadsAtOnce, streamReadsNow);
            try {
              // Answered on a later turn of the event loop, as a server's answer is: reads started together overlap.
              await new Promise((resolve) => setImmediate(resolve));
              if (world.hangingReaders.has(index)) await new Promise(() => undefined);
              readable();
              const before = metadata.get(stream)?.truncateBefore;
              let events = world.stream(stream).filter((e) => typeof before !== 'number' || e.revision >= BigInt(before));
              if (events.length === 0) throw new StreamNotFoundError(undefined as never, stream);
              if (options.direction === BACKWARDS) {
                events = [...events].reverse();
                if (typeof options.fromRevision === 'bigint') events = events.filter((e) => e.revision <= (options.fromRevision as bigint));
              } else if (typeof options.fromRevision === 'bigint') events = events.filter((e) => e.revision >= (options.fromRevision as bigint));
              for (const event of events.slice(0, options.maxCount ?? events.length)) yield { event };
            } finally {
              streamReadsNow -= 1;
            }
          })(),
        readAll: (options: ReadOptions = {}) =>
          (async function* () {
            readable();
            const events = options.direction === BACKWARDS ? [...log].reverse() : log;
            for (const event of events.slice(0, options.maxCount ?? events.length)) yield { event };
          })(),
        getStreamMetadata: async (stream: string) => {
          readable();
          const doc = metadata.get(stream);
          return doc === undefined ? { streamName: stream } : { streamName: stream, metadata: { ...doc } };
        },
        setStreamMetadata: async (stream: string, doc: Record<string, unknown>) => {
          world.metadataWrites.push({ stream, metadata: { ...doc } });
          metadata.set(stream, { ...doc });
          return { success: true, nextExpectedRevision: 0n };
        },
        dispose: async () => undefined,
      };
      return client as unknown as KurrentDBClient;
    },
  };
  return world;
};

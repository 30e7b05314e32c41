/**
 * The EventStore port. Every store (SQLite, KurrentDB) passes the same contract suite
 * (tests/contracts/event-store.contract.ts).
 *
 * Revisions follow KurrentDB: the first event of a stream has revision 0.
 * Positions are opaque strings whose lexicographic order is the global order of the store that
 * issued them; compare them with `comparePositions`, never parse them.
 */

export type StreamName = string;

/** Opaque global position. Ordered lexicographically (fixed-width encoding). */
export type Position = string & { readonly __brand: 'Position' };

export const comparePositions = (a: Position, b: Position): number => (a < b ? -1 : a > b ? 1 : 0);

/** What the writer believes about the stream before appending. */
export type ExpectedRevision =
  | 'any'
  | 'no_stream' // the stream must not exist (reservations)
  | 'stream_exists'
  | bigint; // the revision of the last event in the stream

/** The actor of what the scheduler's jobs record (due replies, polling, metrics, renewals, mail, heartbeats). */
export const SCHEDULER_ACTOR = 'scheduler';

export interface EventMetadata {
  /** Who caused it: a user id, 'system', SCHEDULER_ACTOR, ... */
  actor: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 UTC instant, set by the caller (the core never reads the clock). */
  time: string;
  /**
   * Set only on the redacted copy an erasure appends on a store that cannot rewrite events
   * (KurrentDB, ./erasure-copies.ts): the id of the event copied. Projections skip such copies.
   */
  erasureCopyOf?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** UUID. Re-sending an append with the same ids does not duplicate the events. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamName: StreamName;
  revision: bigint;
  position: Position;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: bigint;
  /** Global position of the last event appended (wait for projections to pass it). */
  position: Position;
}

export interface ReadStreamOptions {
  /** Inclusive. Forwards: where to start (default 0). Backwards: the newest revision to return (default the stream's last). */
  fromRevision?: bigint;
  maxCount?: number;
  /** Newest first: pages a stream from its end without reading it all (the audit's latest entries). */
  backwards?: boolean;
}

/** How `readStreams` reads each of the streams it is given: whole, or its first or last `maxCount` events. */
export interface ReadStreamsOptions {
  /** At most this many events of each stream. */
  maxCount?: number;
  /** Newest first, from each stream's end: `{ backwards: true, maxCount: 1 }` reads the streams' heads. */
  backwards?: boolean;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Omit to start at the beginning. */
  after?: Position | null;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive checkpoint; omit or null to start at the beginning. */
  after?: Position | null;
}

/** Catch up from the checkpoint, then deliver live events, in global order. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  stream: StreamName;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
}

/** A stream's folded state as of a revision, kept so a load need not fold the whole stream. */
export interface Snapshot {
  /** Revision of the last event folded into `state`. */
  revision: bigint;
  /** The decider's snapshot version when it was taken; another version is ignored. */
  version: string;
  /** JSON-serialisable state. */
  state: unknown;
}

/** Where snapshots are kept: beside the events, but never part of them (a cache, not a fact). */
export interface SnapshotStore {
  load(stream: StreamName): Promise<Snapshot | null>;
  /** Keeps the snapshot unless a later one (higher revision) is already kept. */
  save(stream: StreamName, snapshot: Snapshot): Promise<void>;
}

/** A stream's state as last folded by this process, with the event it was folded up to. */
export interface CachedState {
  /** Revision of the last event folded into `state`. */
  revision: bigint;
  /** That event's id: a stream rewritten or renamed since (erasure) no longer has it there. */
  lastEventId: string;
  state: unknown;
  /**
   * The store's change mark (EventStore.changeMark) taken before the read that found this state
   * current. While the store's mark is still this value nothing was written anywhere, so the state
   * is current without a read.
   */
  checkedAt?: string;
}

/**
 * Folded states kept in this process's memory, so a load reads only the events after the one the
 * state was folded up to (core/eventstore/load-state.ts). A cache, never a fact: the events after
 * it are always read, and an entry whose last event is not where it was is ignored. `fold` tells
 * deciders apart (their `evolve`): one stream folded by two deciders keeps two entries.
 */
export interface StateCache {
  get(stream: StreamName, fold: object): CachedState | undefined;
  set(stream: StreamName, fold: object, entry: CachedState): void;
  /** Forgets every entry of the stream (this process rewrote it). */
  drop(stream: StreamName): void;
  /** Notes that the entry was found current at change mark `mark` (keeps the entry's age). */
  confirm(stream: StreamName, fold: object, mark: string): void;
}

/** One probe of a store's health: a read, or a write that writes nothing. */
export type HealthProbe = { ok: true } | { ok: false; error: string };

export interface StoreHealth {
  read: HealthProbe;
  write: HealthProbe;
}

export interface EventStore {
  readonly kind: 'sqlite' | 'kurrentdb' | 'memory';
  append(stream: StreamName, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Optional capability: appends to several streams in ONE transaction, all or nothing: a wrong
   * expected revision or a reused event id in any part refuses the whole call and writes nothing.
   * Results in the order given. A re-send is not recognised (its ids are refused as reused).
   * Absent on stores that cannot do it atomically (KurrentDB here); callers fall back.
   */
  appendMany?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** Optional capability: a snapshot store beside the events (core/eventstore/load-state.ts). */
  readonly snapshots?: SnapshotStore;
  /** Optional capability: states this process folded, kept in memory (core/eventstore/load-state.ts). */
  readonly states?: StateCache;
  /**
   * Optional capability: a cheap value (no event read) that differs from any earlier one whenever
   * anything was written to the store since, by this process or by any other. A state found current
   * at a mark is still current while the mark stays (core/eventstore/load-state.ts).
   */
  changeMark?(): string;
  /**
   * Optional capability, for erasing a deleted account's personal data only (docs/adr/0028).
   * Afterwards a read of `stream` shows each of its events with its data replaced by
   * `redact(event)` (types, metadata and order stay), and its snapshot is dropped. Subscribers are
   * not told: the read side already removed the person's rows when it saw AccountDeleted.
   * SQLite rewrites the events in place (ids and positions stay) and moves the stream to
   * `renameTo` when given (a reservation stream named after an e-mail). KurrentDB and the memory
   * store cannot rewrite: they copy-and-truncate (./erasure-copies.ts): redacted copies marked
   * `metadata.erasureCopyOf` are appended (new ids, revisions and positions; projections skip
   * them) and the stream is truncated before them; `renameTo` is ignored (the name stays; see the
   * ADR). Running it again changes nothing. Answers how many events were rewritten or copied.
   */
  erase?(stream: StreamName, redact: (event: RecordedEvent) => unknown, renameTo?: StreamName): Promise<number>;
  /**
   * Optional capability: a stable name of this store's contents, `<kind>:<id>`: the same for every
   * process and every restart on the same data, different for another store (another SQLite file,
   * another KurrentDB). The read database records it and is rebuilt when it changes.
   */
  identity?(): Promise<string>;
  /** Optional capability: probes a read and a write (that writes nothing), for /healthz. */
  health?(): Promise<StoreHealth>;
  /** Events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(stream: StreamName, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Several streams in one call: for each name given, in the order given, exactly what
   * `readStream(name, options)` answers (an empty array for a stream that does not exist; a name
   * given twice is answered twice). The same options apply to every stream, so
   * `{ backwards: true, maxCount: 1 }` reads the last event of each (the audit's merge of many
   * streams' ends, docs/adr/0040). SQLite answers with one query; stores without a batch read
   * (KurrentDB) read the streams in parallel, a bounded number at a time.
   */
  readStreams(streams: readonly StreamName[], options?: ReadStreamsOptions): Promise<RecordedEvent[][]>;
  /** Events of all streams in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribe(options?: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/**
 * The projection runner: catches up from the event store in batches (store.readAll), then follows
 * it live (store.subscribe from where the catch-up stopped), applying each batch to every
 * projection in one read-database transaction together with the checkpoints (./apply).
 *
 * Failure policy (docs/adr/0005-projections.md): a projection that throws on an event keeps its
 * checkpoint just before that event and skips further events until a retry (backoff), while the
 * other projections go on; waitFor() past that event rejects with the cause. A failing store read
 * or commit restarts the cycle from the committed checkpoints after a backoff.
 */
import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { EventStore, Position, RecordedEvent } from '@core/eventstore/types';
import type { Projection } from '@core/shared/projection';
import { AppError } from '@core/shared/errors';
import { isDamagedFile } from '@adapters/sqlite-faults';
import { compile, createApplier, type ProjectionFailure } from './apply';
import {
  deleteReadDb,
  hasCheckpoints,
  installProjections,
  openReadDb,
  recordedLastEvent,
  recordedStoreIdentity,
  recordStoreIdentity,
  setAsideReadDb,
  staleReason,
  type ReadDb,
} from './read-db';
import { createWaiters } from './waiters';

/** The subset of pino the runner uses. */
export interface ProjectorLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

export interface ProjectorOptions {
  store: EventStore;
  /** Read database file, or ':memory:'. Derived data only: it may be deleted at any time. */
  path: string;
  projections: readonly Projection[];
  /** Events per read and per transaction while catching up (default 10,000; see docs/performance.md). */
  batchSize?: number;
  logger?: ProjectorLogger;
  /** Backoff between retries of a failed projection or store read (default 500 ms doubling to 30 s). */
  retry?: { initialMs?: number; maxMs?: number };
  /**
   * How often, while running, the runner checks that the store still holds the last event the
   * read database took from it (default 5,000 ms; 0 turns the timer off). The check also runs at
   * start and before a `waitFor` that the checkpoints already pass.
   */
  verifyEveryMs?: number;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  position: Position | null;
  failure: { eventId: string; eventType: string; position: Position; message: string } | null;
}

export interface Projector {
  /** Opens the read database, catches up with the store, then keeps following it in the background. */
  start(): Promise<void>;
  /** Stops following, rejects pending waitFor calls and closes the read database. */
  stop(): Promise<void>;
  /** Resolves once every projection has applied all events up to and including `position`. */
  waitFor(position: Position, timeoutMs?: number): Promise<void>;
  /**
   * Deletes the read database (and its -wal/-shm files) and replays the whole store. The one way
   * to adopt another event store than the one the read database was built from.
   */
  rebuild(): Promise<void>;
  /** The position every projection has passed; null before the first event. */
  position(): Position | null;
  status(): ProjectionStatus[];
  /** The read database, for queries. Read it anew each time: rebuild() replaces it. */
  readonly db: ReadDb;
}

const defaultLogger: ProjectorLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

const stoppedError = () => new AppError('unavailable', 'The projector was stopped', { reason: 'PROJECTOR_STOPPED' });

const storeName = (store: EventStore): string => (store.kind === 'kurrentdb' ? 'the KurrentDB event store' : `the ${store.kind === 'sqlite' ? 'SQLite' : 'in-memory'} event store`);

/** The read database was built from another store than the one configured: refused, not rebuilt. */
export const anotherStoreError = (path: string, recorded: string, identity: string): AppError =>
  new AppError(
    'internal',
    `${path} (the read model, a cache of the events) was built from another event store (${recorded}) than the one configured now (${identity}); ` +
      'nothing was changed. If you moved to this store on purpose, run `npm run projections:rebuild` (or delete the file) to build the read model from it. ' +
      'If not, point RIPOSTE_DATA_DIR, RIPOSTE_SQLITE_FILE or RIPOSTE_KURRENTDB_URL back at the store it was built from.',
    { reason: 'READ_MODEL_OF_ANOTHER_STORE' },
  );

export const createProjector = (options: ProjectorOptions): Projector => {
  const { store, path, projections } = options;
  const batchSize = options.batchSize ?? 10_000;
  const logger = options.logger ?? defaultLogger;
  const retryInitialMs = options.retry?.initialMs ?? 500;
  const retryMaxMs = options.retry?.maxMs ?? 30_000;
  const verifyEveryMs = options.verifyEveryMs ?? 5_000;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new AppError('validation', 'batchSize must be a positive integer', { field: 'batchSize' });
  const names = projections.map((p) => p.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new AppError('validation', `Two projections are named ${twice}`, { field: 'projections' });
  const targets = projections.map(compile);

  let db: ReadDb | null = null;
  let applier: ReturnType<typeof createApplier> | null = null;
  let checkpoints = new Map<string, Position | null>();
  /** Projections skipped until the next cycle, with the event they failed on. */
  const stalled = new Map<string, ProjectionFailure>();
  const attempts = new Map<string, { eventId: string; count: number }>();
  /** The last event read from the store in this cycle (only used to go on reading). */
  let cursor: Position | null = null;
  let loop: { abort: AbortController; restartCycle(): void; done: Promise<void> } | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let verifyTimer: NodeJS.Timeout | null = null;

  const position = (): Position | null => {
    if (targets.length === 0) return cursor;
    let lowest: Position | null = null;
    for (const t of targets) {
      const cp = checkpoints.get(t.projection.name) ?? null;
      if (cp === null) return null;
      if (lowest === null || cp < lowest) lowest = cp;
    }
    return lowest;
  };

  const waiters = createWaiters((target) => {
    if (targets.length === 0) return cursor !== null && cursor >= target ? 'reached' : 'pending';
    for (const t of targets) {
      const cp = checkpoints.get(t.projection.name) ?? null;
      if (cp !== null && cp >= target) continue;
      const failure = stalled.get(t.projection.name);
      if (failure !== undefined && failure.event.position <= target) {
        const { event } = failure;
        return new AppError(
          'internal',
          `Projection ${failure.projection} is stuck on event ${event.type} ${event.id} at ${event.position}: ${String(failure.error)}`,
          { reason: 'PROJECTION_FAILED', cause: failure.error },
        );
      }
      return 'pending';
    }
    return 'reached';
  }, () => position());

  /**
   * A read database SQLite cannot read (not a database, damaged pages) is a cache gone bad: it is
   * moved aside (kept for a look) and a fresh one is built from the events.
   */
  const openUndamaged = (): ReadDb => {
    let handle: ReadDb | null = null;
    try {
      handle = openReadDb(path);
      staleReason(handle, path, projections);
      return handle;
    } catch (error) {
      handle?.close();
      if (!isDamagedFile(error)) throw error;
      const aside = setAsideReadDb(path, 'damaged');
      logger.warn(
        { path, setAsideAs: aside, err: error },
        `projections: ${path} (the read model, a cache rebuilt from the events; not the source of truth) is damaged (${(error as Error).message}); ` +
          `it was moved to ${aside ?? 'nowhere'} and a new one is built from the event store`,
      );
      return openReadDb(path);
    }
  };

  /** Deletes the read database, or sets it aside when it is too damaged to tell that it is one. */
  const discard = () => {
    try {
      deleteReadDb(path);
    } catch (error) {
      if (!isDamagedFile(error)) throw error;
      const aside = setAsideReadDb(path, 'damaged');
      logger.warn({ path, setAsideAs: aside, err: error }, `projections: ${path} (the read model, a cache) is damaged; moved to ${aside ?? 'nowhere'}`);
    }
  };

  const reset = () => {
    stalled.clear();
    attempts.clear();
    cursor = null;
    checkpoints = new Map();
  };

  const open = (): ReadDb => {
    if (db !== null) return db;
    let handle = openUndamaged();
    try {
      const reason = staleReason(handle, path, projections);
      if (reason !== null) {
        logger.info({ path, reason }, 'projections: rebuilding the read database');
        handle.close();
        discard();
        handle = openReadDb(path);
      }
      checkpoints = installProjections(handle, projections);
      applier = createApplier(handle);
    } catch (error) {
      handle.close();
      throw error;
    }
    db = handle;
    return handle;
  };

  const close = () => {
    db?.close();
    db = null;
    applier = null;
  };

  const scheduleRetry = (delayMs: number) => {
    if (retryTimer !== null) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      loop?.restartCycle();
    }, delayMs);
  };

  const stall = (failure: ProjectionFailure) => {
    const { projection, event, error } = failure;
    const previous = attempts.get(projection);
    const count = previous?.eventId === event.id ? previous.count + 1 : 1;
    attempts.set(projection, { eventId: event.id, count });
    stalled.set(projection, failure);
    const retryInMs = Math.min(retryInitialMs * 2 ** (count - 1), retryMaxMs);
    logger.error(
      { projection, eventId: event.id, eventType: event.type, position: event.position, stream: event.streamName, attempt: count, retryInMs, err: error },
      `projection ${projection} failed on event ${event.type} ${event.id}; its checkpoint stays before it`,
    );
    scheduleRetry(retryInMs);
  };

  /** `before`: the position the events were read after (null: the store's start). */
  const apply = (events: readonly RecordedEvent[], before: Position | null) => {
    open();
    const live = targets.filter((t) => !stalled.has(t.projection.name));
    const outcome = (applier as NonNullable<typeof applier>).applyBatch(live, events, before);
    checkpoints = outcome.checkpoints;
    for (const failure of outcome.failures) stall(failure);
    waiters.settle();
  };

  const read = (after: Position | null) => {
    const page = store.readAll({ after, maxCount: batchSize });
    page.catch(() => undefined); // a prefetch abandoned by a failed apply must not go unhandled
    return page;
  };

  const catchUp = async (signal: AbortSignal) => {
    cursor = position();
    let next = read(cursor);
    for (;;) {
      const events = await next;
      if (signal.aborted) return;
      const last = events.at(-1);
      const more = events.length === batchSize && last !== undefined;
      // Ask for the next page before applying this one: a store that reads over the network
      // (KurrentDB) fetches while this thread writes SQLite.
      if (more) next = read(last.position);
      if (last !== undefined) {
        const before = cursor;
        cursor = last.position;
        apply(events, before);
      }
      if (!more) return;
      // A long catch-up must not starve the HTTP server sharing this thread.
      await yieldToEventLoop();
    }
  };

  /** Live events arrive one by one; gather those that arrive together into one transaction. */
  const follow = async (signal: AbortSignal) => {
    // An abort listener added to an already aborted signal never fires: the loop would wait forever.
    if (signal.aborted) return;
    const subscription = store.subscribe({ after: cursor });
    const closeSubscription = () => void subscription.close();
    signal.addEventListener('abort', closeSubscription, { once: true });
    let pending: RecordedEvent[] = [];
    let pendingAfter: Position | null = cursor;
    let scheduled: NodeJS.Immediate | null = null;
    let failed: { error: unknown } | null = null;
    const flush = () => {
      scheduled = null;
      if (signal.aborted || pending.length === 0) return;
      const batch = pending;
      const before = pendingAfter;
      pending = [];
      try {
        apply(batch, before);
      } catch (error) {
        failed = { error };
        closeSubscription();
      }
    };
    try {
      for await (const event of subscription) {
        if (signal.aborted || failed !== null) break;
        if (cursor !== null && event.position <= cursor) continue;
        if (pending.length === 0) pendingAfter = cursor;
        cursor = event.position;
        pending.push(event);
        if (pending.length >= batchSize) flush();
        else scheduled ??= setImmediate(flush);
      }
    } finally {
      signal.removeEventListener('abort', closeSubscription);
      if (scheduled !== null) clearImmediate(scheduled);
      await subscription.close();
    }
    if (failed !== null) throw (failed as { error: unknown }).error;
    if (!signal.aborted) throw new Error('The event store subscription ended');
  };

  /** Starts the background loop; the promise settles when the first catch-up is done. */
  const begin = (): Promise<void> => {
    open();
    const abort = new AbortController();
    let cycle = new AbortController();
    let settled = false;
    let ready!: { resolve(): void; reject(e: unknown): void };
    const caughtUp = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
    const done = (async () => {
      let delay = retryInitialMs;
      while (!abort.signal.aborted) {
        cycle = new AbortController();
        stalled.clear(); // a new cycle retries the projections that failed
        const signal = AbortSignal.any([abort.signal, cycle.signal]);
        try {
          await catchUp(signal);
          if (signal.aborted) continue; // stopped, or a retry restarts the cycle
          if (!settled) {
            settled = true;
            ready.resolve();
          }
          delay = retryInitialMs;
          await follow(signal);
        } catch (error) {
          if (abort.signal.aborted) break;
          if (!settled) {
            settled = true;
            ready.reject(error);
            break;
          }
          logger.error({ err: error, retryInMs: delay }, 'projections: reading the event store or writing the read database failed; retrying');
          await sleep(delay, undefined, { signal: abort.signal }).catch(() => undefined);
          delay = Math.min(delay * 2, retryMaxMs);
        }
      }
      if (!settled) ready.reject(stoppedError());
    })();
    loop = { abort, done, restartCycle: () => cycle.abort() };
    if (verifyEveryMs > 0) {
      verifyTimer = setInterval(() => {
        verifyStore().catch((err: unknown) => logger.warn({ err }, 'projections: checking that the event store still holds the last event read failed'));
      }, verifyEveryMs);
      verifyTimer.unref();
    }
    caughtUp.catch(() => undefined); // observed by start(); this only avoids an unhandled-rejection race
    return caughtUp;
  };

  const halt = async () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    if (verifyTimer !== null) clearInterval(verifyTimer);
    verifyTimer = null;
    const current = loop;
    loop = null;
    if (current !== null) {
      current.abort.abort();
      await current.done;
    }
  };

  // start/stop/rebuild run one at a time; waiting for a catch-up happens outside this queue so
  // that stop() can interrupt a long one.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(op: () => Promise<T>): Promise<T> => {
    const result = queue.then(op);
    queue = result.catch(() => undefined);
    return result;
  };
  // Wrapped in an object: an async op returning the bare promise would wait for it inside the queue.
  type Ready = { caughtUp: Promise<void> } | null;
  const awaitReady = async (ready: Ready) => {
    if (ready === null) return;
    try {
      await ready.caughtUp;
    } catch (error) {
      await serialized(halt);
      throw error;
    }
  };

  // Open now so that a wrong path (say, the event store's file) fails at creation, not later.
  open();

  /**
   * The read database belongs to one event store (EventStore.identity). A read database built from
   * another store is refused (a store configured by mistake must not look like an installation
   * whose data is gone; `rebuild()` adopts the new store on purpose); one that did not say which
   * store it came from (older than this check) is rebuilt; a fresh one just records the store.
   */
  const adoptStore = async (mode: 'keep' | 'adopt'): Promise<void> => {
    if (store.identity === undefined) return;
    const identity = await store.identity();
    const handle = open();
    const recorded = recordedStoreIdentity(handle);
    if (recorded === identity) return;
    if (recorded !== null && mode === 'keep') throw anotherStoreError(path, recorded, identity);
    if (recorded !== null || hasCheckpoints(handle)) {
      logger.info({ path, was: recorded ?? 'not recorded', now: identity }, 'projections: the read database does not say which event store it was built from; rebuilding it');
      close();
      discard();
      reset();
    }
    recordStoreIdentity(open(), identity);
  };

  /**
   * Why the store no longer holds the last event the read database took from it (it went
   * backwards), or null when it does (or nothing was taken yet). Read after the event just before
   * it, the store must answer that very event at that very position.
   */
  const storeWentBack = async (): Promise<string | null> => {
    const last = recordedLastEvent(open());
    if (last === null) return null;
    const next = await store.readAll({ after: last.before, maxCount: 4 });
    if (next.some((e) => e.id === last.eventId && e.position === last.position)) return null;
    const found = next[0];
    return found === undefined
      ? `${storeName(store)} ends before position ${last.position}, where the read model's last event (${last.eventId}) was`
      : `${storeName(store)} holds another event (${found.id}) where the read model's last event (${last.eventId}, position ${last.position}) was`;
  };

  /** Moves the read database built from events the store lost aside; a new one is built from what it holds. */
  const setAsideAhead = (why: string) => {
    close();
    const aside = setAsideReadDb(path, 'ahead');
    reset();
    logger.warn(
      { path, setAsideAs: aside, why },
      `projections: the event store went backwards: ${why}. It lost its last events (a restore of the event store's file alone, ` +
        'its -wal file removed or torn, a power cut with RIPOSTE_SQLITE_SYNCHRONOUS=NORMAL, or an older backup). ' +
        `The read model was built from events the store no longer has: it was moved to ${aside ?? 'nowhere'} and a new one is built from the events the store holds. ` +
        'If a backup of the store has the lost events (with its -wal file), stop Riposte and restore it.',
    );
  };

  let verifying: Promise<void> | null = null;
  /**
   * Checks the store still holds the read model's last event; when it does not, the read model is
   * rebuilt from what the store holds, and this resolves once the old checkpoints are gone (so a
   * waitFor after it waits for the rebuilt read model).
   */
  const verifyStore = (): Promise<void> =>
    (verifying ??= (async () => {
      try {
        if (loop === null) return;
        const why = await storeWentBack();
        if (why === null) return;
        await serialized(async () => {
          if (loop === null) return;
          await halt();
          // Checked again inside the queue: a rebuild may have run meanwhile.
          const still = await storeWentBack();
          if (still !== null) setAsideAhead(still);
          open();
          await adoptStore('keep');
          begin().catch(() => undefined); // the loop retries by itself; waiters wait for it
        });
      } finally {
        verifying = null;
      }
    })());

  return {
    start: async () =>
      awaitReady(
        await serialized(async (): Promise<Ready> => {
          if (loop !== null) return null;
          await adoptStore('keep');
          const why = await storeWentBack();
          if (why !== null) {
            setAsideAhead(why);
            open();
            await adoptStore('keep');
          }
          return { caughtUp: begin() };
        }),
      ),
    stop: () =>
      serialized(async () => {
        await halt();
        waiters.rejectAll(stoppedError());
        close();
      }),
    rebuild: async () => {
      const ready = await serialized(async (): Promise<Ready> => {
        const wasRunning = loop !== null;
        await halt();
        close();
        discard();
        reset();
        open();
        await adoptStore('adopt');
        if (wasRunning) return { caughtUp: begin() };
        await catchUp(new AbortController().signal);
        return null;
      });
      await awaitReady(ready);
    },
    waitFor: async (target, timeoutMs = 5000) => {
      // Checkpoints already past a position just written: either another write came first, or the
      // store went backwards and reused positions the read model has passed. Tell them apart.
      const passed = position();
      if (passed !== null && target <= passed) await verifyStore().catch(() => undefined);
      return waiters.waitFor(target, timeoutMs);
    },
    position,
    status: () =>
      targets.map(({ projection }) => {
        const failure = stalled.get(projection.name);
        return {
          name: projection.name,
          version: projection.version,
          position: checkpoints.get(projection.name) ?? null,
          failure:
            failure === undefined
              ? null
              : { eventId: failure.event.id, eventType: failure.event.type, position: failure.event.position, message: String(failure.error) },
        };
      }),
    get db() {
      return open();
    },
  };
};

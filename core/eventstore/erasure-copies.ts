/**
 * Erasing a stream on a store that cannot rewrite events (KurrentDB): copy-and-truncate
 * (docs/adr/0028, addendum "KurrentDB"). The stream gets a redacted copy of each of its events
 * (same type, same metadata, data through the same `redact` the in-place erasure uses), each
 * marked with `metadata.erasureCopyOf` = the original's id, and its "truncate before" is set to the
 * first copy, so reads of the stream return only the copies.
 *
 * The copies also appear in the global order ($all). They repeat facts the read side has already
 * seen, so projections skip them (`isErasureCopy`, applied by the projection runner).
 *
 * Resumable without any extra bookkeeping: what the stream holds says how far an earlier run got.
 *  - every event readable is a copy: erased already, nothing to do;
 *  - the stream ends with copies of its first originals, in order (a run stopped between two
 *    appends of copies, or before the truncation): the missing copies are appended and the
 *    truncation set to the first of those copies;
 *  - anything else (no copies yet, or an original written after copies began): a fresh set of
 *    copies of every original, the truncation at the first of them; earlier copies are truncated
 *    away with the originals.
 * Pure (no clock, no I/O of its own): ids come from `newId`, the store is given.
 */
import { isWrongExpectedRevision } from './errors';
import type { EventStore, NewEvent, RecordedEvent, StreamName } from './types';

/** The metadata key marking an erased copy; its value is the id of the event copied. */
export const ERASURE_COPY_OF = 'erasureCopyOf';

export const isErasureCopy = (event: Pick<RecordedEvent, 'metadata'>): boolean => typeof event.metadata.erasureCopyOf === 'string';

export interface CopyPlan {
  /** Copies still to append, in order, after the stream's last event. */
  copies: NewEvent[];
  /** The revision of the first copy the stream must keep (its truncate-before); null: nothing to do. */
  truncateBefore: bigint | null;
  /** The revision of the stream's last event (the expected revision of the first append). */
  lastRevision: bigint | null;
}

/** The redacted copy of one original event. */
export const copyOf = (original: RecordedEvent, redact: (event: RecordedEvent) => unknown, newId: () => string): NewEvent => ({
  id: newId(),
  type: original.type,
  data: redact(original),
  metadata: { ...original.metadata, erasureCopyOf: original.id },
});

/**
 * What is left to do for a stream whose readable events are `events` (revision order, as
 * readStream answers after any truncation already set).
 */
export const planErasureCopies = (events: readonly RecordedEvent[], redact: (event: RecordedEvent) => unknown, newId: () => string): CopyPlan => {
  const last = events.at(-1);
  if (last === undefined) return { copies: [], truncateBefore: null, lastRevision: null };
  // The trailing run of copies, and what came before it.
  let tailStart = events.length;
  while (tailStart > 0 && isErasureCopy(events[tailStart - 1] as RecordedEvent)) tailStart -= 1;
  if (tailStart === 0) return { copies: [], truncateBefore: null, lastRevision: last.revision };
  const originals = events.slice(0, tailStart).filter((e) => !isErasureCopy(e));
  const tail = events.slice(tailStart);
  const resumes = tail.length > 0 && tail.length <= originals.length && tail.every((copy, i) => copy.metadata.erasureCopyOf === originals[i]?.id);
  if (resumes) {
    return {
      copies: originals.slice(tail.length).map((e) => copyOf(e, redact, newId)),
      truncateBefore: (tail[0] as RecordedEvent).revision,
      lastRevision: last.revision,
    };
  }
  return { copies: originals.map((e) => copyOf(e, redact, newId)), truncateBefore: last.revision + 1n, lastRevision: last.revision };
};

/** What copy-and-truncate needs of a store: its reads and appends, and a way to truncate a stream. */
export interface TruncatingStore {
  readStream: EventStore['readStream'];
  append: EventStore['append'];
  /** Makes the events before `revision` unreadable (KurrentDB: the stream's `$tb` metadata). */
  truncateBefore(stream: StreamName, revision: bigint): Promise<void>;
}

/** Copies per append: KurrentDB refuses one append over 1 MiB by default. */
export const COPIES_PER_APPEND = 100;

/**
 * Copies and truncates `stream` (see the module comment); answers how many copies it appended
 * (0 when the stream was erased already or does not exist). An event another writer appends
 * meanwhile makes an append fail on its expected revision: the stream is read and planned again.
 */
export const eraseByCopy = async (
  store: TruncatingStore,
  stream: StreamName,
  redact: (event: RecordedEvent) => unknown,
  newId: () => string,
  options: { perAppend?: number; attempts?: number } = {},
): Promise<number> => {
  const perAppend = options.perAppend ?? COPIES_PER_APPEND;
  const attempts = options.attempts ?? 5;
  let appended = 0;
  for (let attempt = 1; ; attempt += 1) {
    const plan = planErasureCopies(await store.readStream(stream), redact, newId);
    if (plan.truncateBefore === null || plan.lastRevision === null) return appended;
    try {
      let expected = plan.lastRevision;
      for (let i = 0; i < plan.copies.length; i += perAppend) {
        const chunk = plan.copies.slice(i, i + perAppend);
        expected = (await store.append(stream, chunk, expected)).nextExpectedRevision;
        appended += chunk.length;
      }
      await store.truncateBefore(stream, plan.truncateBefore);
      return appended;
    } catch (error) {
      if (!isWrongExpectedRevision(error) || attempt >= attempts) throw error;
    }
  }
};

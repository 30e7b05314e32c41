/**
 * The event store's state cache (core/eventstore/types.ts StateCache) in this process's memory:
 * at most `max` entries, the least recently used dropped first, and none older than `ttlMs`, so
 * a stream another process rewrote in place (an erased account's personal data: same ids, new
 * data) is not served from here for longer than that. See docs/adr/0038-state-cache.md.
 */
import type { CachedState, EventStore, StateCache } from '@core/eventstore/types';

export interface StateCacheOptions {
  /** Entries kept (default 20,000). */
  max?: number;
  /** How long an entry may be used after it was kept (default 60 s). */
  ttlMs?: number;
  now?: () => number;
  /**
   * Freezes every state kept, deeply, so code that changes a loaded state in place (which would
   * change the cached one too) throws instead. On under the tests (VITEST), off in production.
   */
  freeze?: boolean;
}

interface Entry extends CachedState {
  keptAt: number;
}

const deepFreeze = (value: unknown): void => {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (value instanceof Map) {
    for (const [k, v] of value) {
      deepFreeze(k);
      deepFreeze(v);
    }
  } else if (value instanceof Set) {
    for (const v of value) deepFreeze(v);
  } else {
    for (const v of Object.values(value)) deepFreeze(v);
  }
};

export const createStateCache = (options: StateCacheOptions = {}): StateCache & { size(): number } => {
  const max = options.max ?? 20_000;
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const freeze = options.freeze ?? process.env.VITEST !== undefined;
  const folds = new WeakMap<object, number>();
  const entries = new Map<string, Entry>();
  const streams = new Map<string, Set<string>>();

  let nextFold = 0;
  const keyOf = (stream: string, fold: object): string => {
    let id = folds.get(fold);
    if (id === undefined) {
      id = nextFold++;
      folds.set(fold, id);
    }
    return `${id}\u0000${stream}`;
  };

  const forget = (key: string, stream: string): void => {
    entries.delete(key);
    const keys = streams.get(stream);
    keys?.delete(key);
    if (keys?.size === 0) streams.delete(stream);
  };

  return {
    get: (stream, fold) => {
      const key = keyOf(stream, fold);
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (now() - entry.keptAt > ttlMs) {
        forget(key, stream);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set: (stream, fold, entry) => {
      const key = keyOf(stream, fold);
      if (freeze) deepFreeze(entry.state);
      entries.delete(key);
      entries.set(key, { ...entry, keptAt: now() });
      let keys = streams.get(stream);
      if (keys === undefined) streams.set(stream, (keys = new Set()));
      keys.add(key);
      while (entries.size > max) {
        const oldest = entries.keys().next().value as string;
        forget(oldest, oldest.slice(oldest.indexOf('\u0000') + 1));
      }
    },
    confirm: (stream, fold, mark) => {
      const entry = entries.get(keyOf(stream, fold));
      if (entry !== undefined) entry.checkedAt = mark;
    },
    drop: (stream) => {
      for (const key of streams.get(stream) ?? []) entries.delete(key);
      streams.delete(stream);
    },
    size: () => entries.size,
  };
};

/** The store with a state cache; its erasures forget the streams they rewrite. */
export const withStateCache = <S extends EventStore>(store: S, cache: StateCache = createStateCache()): S => {
  const erase = store.erase;
  return {
    ...store,
    states: cache,
    ...(erase === undefined
      ? {}
      : {
          erase: async (stream: string, redact: Parameters<typeof erase>[1], renameTo?: string) => {
            try {
              return await erase(stream, redact, renameTo);
            } finally {
              cache.drop(stream);
              if (renameTo !== undefined) cache.drop(renameTo);
            }
          },
        }),
  };
};

/**
 * The client reads go through, replaced when it breaks. In client 1.x reads use a native bridge
 * made once per client; a bridge whose first connection or a leader redirect failed stays broken
 * (every later read fails) while the gRPC half, which appends and subscribes, reconnects by itself.
 * So a read that fails on the transport retires its client: the next read makes a fresh one.
 * Replacements are at least `minIntervalMs` apart, so a server that is really down is not met by
 * a new client per read.
 */
import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { isTransportError } from './errors';

export interface ReadClients {
  get(): KurrentDBClient;
  /** Tells that a read on `client` failed with `error`; a transport failure retires the client. */
  failed(client: KurrentDBClient, error: unknown): void;
  /** How many clients were made (1 after the first read; more after replacements). */
  made(): number;
  close(): Promise<void>;
}

export interface ReadClientsOptions {
  make: () => KurrentDBClient;
  minIntervalMs?: number;
  now?: () => number;
  onReplace?: (error: unknown) => void;
}

export const createReadClients = ({ make, minIntervalMs = 1_000, now = Date.now, onReplace }: ReadClientsOptions): ReadClients => {
  let current: KurrentDBClient | null = null;
  let madeAt = Number.NEGATIVE_INFINITY;
  let count = 0;
  const retired = new Set<Promise<void>>();

  const retire = (client: KurrentDBClient) => {
    const done = client.dispose().catch(() => undefined);
    retired.add(done);
    void done.finally(() => retired.delete(done));
  };

  return {
    get: () => {
      if (current === null) {
        current = make();
        madeAt = now();
        count += 1;
      }
      return current;
    },
    failed: (client, error) => {
      if (client !== current || !isTransportError(error)) return;
      if (now() - madeAt < minIntervalMs) return;
      current = null;
      retire(client);
      onReplace?.(error);
    },
    made: () => count,
    close: async () => {
      if (current !== null) retire(current);
      current = null;
      await Promise.all([...retired]);
    },
  };
};

// The peer: @event-driven-io/emmett-sqlite, installed apart in bench/peer (its sqlite3 peer and
// --legacy-peer-deps stay out of the product's install). Loaded by path; typed here minimally.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Synchronous } from '@adapters/eventstore-sqlite/schema';
import type { Contender } from './contenders';

interface PeerConnection {
  command(sql: string): Promise<unknown>;
  querySingle<T>(sql: string): Promise<T | null>;
  close(): void;
}
interface PeerStore {
  appendToStream(stream: string, events: { type: string; data: unknown; metadata?: unknown }[], options: { expectedStreamVersion: bigint }): Promise<unknown>;
}
interface PeerModule {
  sqliteConnection(options: { fileName: string }): PeerConnection;
  getSQLiteEventStore(options: { fileName: string; connectionOptions: { singleton: true; connection: PeerConnection } }): PeerStore;
}

export const PEER_NAME = '@event-driven-io/emmett-sqlite';
export const PEER_INSTALL = 'cd bench/peer && npm ci --legacy-peer-deps';

const peerEntry = (root: string) => join(root, 'bench/peer/node_modules/@event-driven-io/emmett-sqlite/dist/index.js');

/** Why the peer cannot run, or null when it is installed. */
export const peerMissing = (root: string): string | null =>
  existsSync(peerEntry(root)) ? null : `${PEER_NAME} is not installed in bench/peer (run: ${PEER_INSTALL})`;

export const peerVersion = async (root: string): Promise<string> => {
  const pkg = (await import(pathToFileURL(join(root, 'bench/peer/node_modules/@event-driven-io/emmett-sqlite/package.json')).href, {
    with: { type: 'json' },
  })) as { default: { version: string } };
  return pkg.default.version;
};

/**
 * The peer at its best: one long-lived connection (its default opens a connection per call), in
 * WAL (its own setting) with the same synchronous mode. Its versions are 1-based: version n means
 * n events, 0 means no stream.
 */
export const openPeer = async (root: string, dir: string, file: string, synchronous: Synchronous): Promise<Contender> => {
  const peer = (await import(pathToFileURL(peerEntry(root)).href)) as PeerModule;
  const fileName = join(dir, file);
  const connection = peer.sqliteConnection({ fileName });
  await connection.command(`PRAGMA synchronous = ${synchronous}`);
  const mode = await connection.querySingle<{ journal_mode: string }>('PRAGMA journal_mode');
  const sync = await connection.querySingle<{ synchronous: number }>('PRAGMA synchronous');
  if (mode?.journal_mode !== 'wal' || sync?.synchronous !== (synchronous === 'FULL' ? 2 : 1)) {
    throw new Error(`The peer's connection is not in WAL with synchronous=${synchronous}: ${JSON.stringify({ mode, sync })}`);
  }
  const store = peer.getSQLiteEventStore({ fileName, connectionOptions: { singleton: true, connection } });
  return {
    append: async (stream, revision, events) => {
      await store.appendToStream(
        `bench-${stream}`,
        events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })),
        { expectedStreamVersion: BigInt(revision + 1) },
      );
    },
    close: async () => connection.close(),
  };
};

// The event-store contract on a real SQLite file (WAL, synchronous=FULL as in production).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite/index';
import { describeEventStoreContract } from './event-store.contract';

const dir = mkdtempSync(join(tmpdir(), 'riposte-contract-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEventStoreContract({
  name: 'sqlite',
  skipReason: null,
  create: async () => createSqliteEventStore({ path: join(dir, 'events.db') }),
});

/**
 * npm run bench:streams — the cost of one command on a user whose stream holds 100,000 events
 * (one per sign-in), and of a 100-entry bulk batch, on the SQLite event store at synchronous=FULL
 * (the production default) in the OS temp folder.
 *
 *  - full fold (the peer: how every command loaded state before snapshots) against
 *    snapshot + tail (core/eventstore/load-state.ts), both through handleCommand recording a
 *    sign-in, in alternating rounds on the same stream, so background load hits both alike;
 *  - the batch: 100 schedule streams and their completion as 101 appends awaited one by one (the
 *    crash-safe protocol, one transaction and fsync each) against one appendMany (one of each).
 *
 * BENCH_EVENTS (default 100,000) sets the stream's length; BENCH_ROUNDS (default 5) the rounds.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import type { EventMetadata, NewEvent } from '@core/eventstore/types';
import { userDecider } from '@core/users/decider';
import { userStream } from '@core/users/streams';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FULL_PER_ROUND = 4;
const SNAPSHOT_PER_ROUND = 40;
const BATCH = 100;

const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-streams-'));
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const metadata = (ms: number): EventMetadata => ({ actor: 'bench', correlationId: randomUUID(), causationId: null, time: iso(ms) });
const event = (type: string, data: unknown, ms: number): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata(ms) });

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(`${label.padEnd(34)} n=${String(sorted.length).padStart(4)}  median ${ms(percentile(sorted, 50)).padStart(11)}  p95 ${ms(percentile(sorted, 95)).padStart(11)}`);
  return percentile(sorted, 50);
};

const main = async () => {
  const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'FULL' });
  const userId = randomUUID();
  const stream = userStream(userId);
  try {
    console.log(`Streams benchmark: a user stream of ${EVENTS.toLocaleString('en-US')} events, SQLite synchronous=FULL, files in ${dir}`);
    const registered = event('UserRegistered', {
      id: userId, username: 'bench', email: 'bench@example.com', fullName: 'Bench', passwordHash: 'x', timeZone: 'UTC',
      xUserId: null, role: 'user', passwordChangeRequired: false, createdBy: null, at: iso(T0),
    }, T0);
    let revision = (await store.append(stream, [registered], 'no_stream')).nextExpectedRevision;
    for (let written = 1; written < EVENTS; ) {
      const size = Math.min(5_000, EVENTS - written);
      const chunk = Array.from({ length: size }, (_, i) => event('UserLoggedIn', { at: iso(T0 + (written + i) * 1000) }, T0));
      revision = (await store.append(stream, chunk, revision)).nextExpectedRevision;
      written += size;
    }

    const fullFold = { ...userDecider, snapshot: undefined };
    let clock = T0 + EVENTS * 1000;
    const command = () => ({ type: 'RecordLogin' as const, now: iso((clock += 1000)) });
    const run = async (decider: typeof userDecider) => {
      const started = performance.now();
      await handleCommand(store, stream, decider, command(), { metadata: metadata(clock), newId: randomUUID });
      return performance.now() - started;
    };

    // The first snapshot-backed command folds everything once and keeps the snapshot.
    const cold = await run(userDecider);
    const full: number[] = [];
    const snap: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < FULL_PER_ROUND; i += 1) full.push(await run(fullFold));
      for (let i = 0; i < SNAPSHOT_PER_ROUND; i += 1) snap.push(await run(userDecider));
    }
    console.log('\nOne command (RecordLogin through handleCommand: load, decide, append one event):');
    const fullMedian = summary('full fold (peer, before)', full);
    const snapMedian = summary('snapshot + tail (after)', snap);
    console.log(`${'first command, no snapshot yet'.padEnd(34)} ${cold.toFixed(2)} ms (folds the stream once and keeps the snapshot; kept across restarts)`);
    console.log(`speed-up at the median: ${(fullMedian / snapMedian).toFixed(0)}x`);
    const loaded = await loadState(store, stream, userDecider);
    console.log(`events folded by a load now: ${loaded.folded} (snapshot every ${userDecider.snapshot?.every})`);

    console.log(`\nA bulk batch of ${BATCH} entries and its completion (${BATCH + 1} new streams):`);
    const entries = () => Array.from({ length: BATCH + 1 }, (_, i) => ({ stream: `schedule-${randomUUID()}`, events: [event('ScheduleCreated', { i, text: 'x'.repeat(200) }, clock)], expectedRevision: 'no_stream' as const }));
    const oneByOne: number[] = [];
    const together: number[] = [];
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const a = entries();
      let started = performance.now();
      for (const part of a) await store.append(part.stream, part.events, part.expectedRevision);
      oneByOne.push(performance.now() - started);
      const b = entries();
      started = performance.now();
      await store.appendMany(b);
      together.push(performance.now() - started);
    }
    const byOne = summary('one append per entry (before)', oneByOne);
    const inOne = summary('one appendMany (after)', together);
    console.log(`speed-up at the median: ${(byOne / inOne).toFixed(0)}x`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

await main();

/**
 * npm run bench:store — appends per second to the SQLite event store, to raw better-sqlite3 on the
 * same table and pragmas, and to the peer (@event-driven-io/emmett-sqlite), at synchronous=NORMAL
 * and FULL; then 64 concurrent callers at FULL (group commit). Every figure is measured in this one
 * run, on fresh files in the OS temp folder (a real disk here: fsync is real). Contenders take
 * turns in short slices (store, raw, peer, then rotated) so background load hits them alike.
 *
 * BENCH_SECONDS (default 2) sets each contender's time per figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NewEvent } from '@core/eventstore/types';
import type { Synchronous } from '@adapters/eventstore-sqlite/schema';
import { openRaw, openStore, type Contender } from './contenders';
import { openPeer, PEER_NAME, peerMissing, peerVersion } from './peer';
import { BATCH, buildEventPool, createSession, perSecond, runConcurrent, SINGLE, type Measurement, type Workload } from './workload';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = 20;
const CALLERS = 64;
const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-store-'));

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
let files = 0;
const freshFile = (label: string) => `${label}-${(files += 1)}.db`;

type Name = 'store' | 'raw' | 'peer';

/** Runs the contenders in turns, ROUNDS slices each, rotating who goes first. */
const compete = async (pool: readonly NewEvent[], workload: Workload, contenders: [Name, Contender][]) => {
  const sessions = contenders.map(([name, c]) => ({ name, contender: c, session: createSession(pool, workload, c.append) }));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < sessions.length; i += 1) {
        await sessions[(i + round) % sessions.length]!.session.run(seconds / ROUNDS);
      }
    }
  } finally {
    for (const s of sessions) await s.contender.close();
  }
  return new Map<Name, Measurement>(sessions.map((s) => [s.name, s.session.total]));
};

const main = async () => {
  console.log(`Event store benchmark: ${seconds}s per contender per figure, files in ${dir}`);
  const started = performance.now();
  const pool = buildEventPool(600_000);
  // Warm up the JIT and the disk on throwaway files.
  await compete(pool.slice(0, 20_000), SINGLE, [
    ['store', openStore(dir, freshFile('warmup'), 'NORMAL')],
    ['raw', openRaw(dir, freshFile('warmup'), 'NORMAL')],
  ]);

  const missing = peerMissing(root);
  if (missing) console.log(`Peer skipped: ${missing}`);
  else console.log(`Peer: ${PEER_NAME} ${await peerVersion(root)} (one long-lived connection, WAL, same synchronous mode)`);

  const rows: { label: string; unit: 'appends' | 'events'; results: Map<Name, Measurement> }[] = [];
  for (const synchronous of ['NORMAL', 'FULL'] as Synchronous[]) {
    for (const [name, workload] of [['1 event per append', SINGLE], ['100 events per append', BATCH]] as const) {
      const contenders: [Name, Contender][] = [
        ['store', openStore(dir, freshFile('store'), synchronous)],
        ['raw', openRaw(dir, freshFile('raw'), synchronous)],
      ];
      if (!missing) contenders.push(['peer', await openPeer(root, dir, freshFile('peer'), synchronous)]);
      const results = await compete(pool, workload, contenders);
      rows.push({ label: `${name}, synchronous=${synchronous}`, unit: workload.batch === 1 ? 'appends' : 'events', results });
      console.log(`  measured ${name} at ${synchronous}`);
    }
  }

  const group = openStore(dir, freshFile('group'), 'FULL');
  const concurrent = await runConcurrent(pool, CALLERS, seconds, group.append);
  const stats = group.store.stats();
  await group.close();

  console.log('');
  console.log('| workload | unit | store | raw better-sqlite3 | store/raw | peer | store/peer |');
  console.log('|---|---|--:|--:|--:|--:|--:|');
  for (const { label, unit, results } of rows) {
    const rate = (name: Name) => {
      const m = results.get(name);
      return m === undefined ? null : perSecond(m, unit);
    };
    const [s, r, p] = [rate('store')!, rate('raw')!, rate('peer')];
    console.log(`| ${label} | ${unit}/s | ${fmt(s)} | ${fmt(r)} | ${ratio(s, r)} | ${p === null ? 'skipped' : fmt(p)} | ${p === null ? '-' : ratio(s, p)} |`);
  }
  const single = rows.find((r) => r.label === '1 event per append, synchronous=FULL')?.results.get('store');
  const c = perSecond(concurrent, 'appends');
  console.log('');
  console.log(
    `${CALLERS} concurrent callers, 1 event per append each, synchronous=FULL: ${fmt(c)} appends/s ` +
      `(${(stats.appends / stats.transactions).toFixed(1)} appends per transaction; ` +
      `${single ? ratio(c, perSecond(single, 'appends')) : '?'} the sequential store at FULL)`,
  );
  console.log(`Total time ${((performance.now() - started) / 1000).toFixed(1)}s`);
};

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

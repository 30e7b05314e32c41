/**
 * npm run bench:store — appends per second to the SQLite event store, to raw better-sqlite3 on the
 * same table and pragmas, and to the peer (@event-driven-io/emmett-sqlite), at synchronous=NORMAL
 * and FULL; then 64 concurrent callers at FULL (group commit). Every figure is measured in this one
 * run, on fresh files in the OS temp folder (a real disk here: fsync is real).
 *
 * BENCH_SECONDS (default 2) sets the time box of each figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Synchronous } from '@adapters/eventstore-sqlite/schema';
import { openRaw, openStore, type Contender } from './contenders';
import { openPeer, PEER_NAME, peerMissing, peerVersion } from './peer';
import { BATCH, buildEventPool, perSecond, runConcurrent, runSequential, SINGLE, type Measurement, type Workload } from './workload';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-store-'));
const CALLERS = 64;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
let files = 0;
const freshFile = (label: string) => `${label}-${(files += 1)}.db`;

const measure = async (contender: Contender, pool: Parameters<typeof runSequential>[0], workload: Workload) => {
  try {
    return await runSequential(pool, workload, seconds, contender.append);
  } finally {
    await contender.close();
  }
};

const warmUp = async (pool: Parameters<typeof runSequential>[0]) => {
  for (const open of [openStore, openRaw]) await measure(open(dir, freshFile('warmup'), 'NORMAL'), pool.slice(0, 20_000), SINGLE);
};

const main = async () => {
  console.log(`Event store benchmark: ${seconds}s per figure, files in ${dir}`);
  const started = performance.now();
  const pool = buildEventPool(1_200_000);
  await warmUp(pool);

  const missing = peerMissing(root);
  if (missing) console.log(`Peer skipped: ${missing}`);
  else console.log(`Peer: ${PEER_NAME} ${await peerVersion(root)} (one long-lived connection, WAL, same synchronous mode)`);

  const rows: { label: string; unit: 'appends' | 'events'; store: Measurement; raw: Measurement; peer: Measurement | null }[] = [];
  for (const synchronous of ['NORMAL', 'FULL'] as Synchronous[]) {
    for (const [name, workload] of [['1 event per append', SINGLE], ['100 events per append', BATCH]] as const) {
      const store = await measure(openStore(dir, freshFile('store'), synchronous), pool, workload);
      const raw = await measure(openRaw(dir, freshFile('raw'), synchronous), pool, workload);
      const peer = missing ? null : await measure(await openPeer(root, dir, freshFile('peer'), synchronous), pool, workload);
      rows.push({ label: `${name}, synchronous=${synchronous}`, unit: workload.batch === 1 ? 'appends' : 'events', store, raw, peer });
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
  for (const row of rows) {
    const s = perSecond(row.store, row.unit);
    const r = perSecond(row.raw, row.unit);
    const p = row.peer ? perSecond(row.peer, row.unit) : null;
    console.log(
      `| ${row.label} | ${row.unit}/s | ${fmt(s)} | ${fmt(r)} | ${ratio(s, r)} | ${p === null ? 'skipped' : fmt(p)} | ${p === null ? '-' : ratio(s, p)} |`,
    );
  }
  const single = rows.find((r) => r.label === '1 event per append, synchronous=FULL');
  const c = perSecond(concurrent, 'appends');
  console.log('');
  console.log(
    `${CALLERS} concurrent callers, 1 event per append, synchronous=FULL: ${fmt(c)} appends/s ` +
      `(${(stats.appends / stats.transactions).toFixed(1)} appends per transaction; ` +
      `${single ? ratio(c, perSecond(single.store, 'appends')) : '?'} the sequential rate at FULL)`,
  );
  console.log(`Total time ${((performance.now() - started) / 1000).toFixed(1)}s`);
};

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

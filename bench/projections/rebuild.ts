/**
 * npm run bench:projections — how long rebuilding the read database from 1,000,000 events takes
 * (target: under 20 s; docs/performance.md, docs/adr/0005-projections.md).
 *
 * One run, fresh files in the OS temp folder, and three figures side by side:
 *   1. the floor: reading every event through the store port (store.readAll pages), nothing written;
 *   2. hand-written SQLite: the same pages, the same statements, one transaction per page, no
 *      checkpoints, savepoints or failure handling: what the runner costs on top of raw work;
 *   3. projector.rebuild(): delete the read database, replay everything, checkpoints included.
 * The rebuild runs twice (before and after the hand-written pass) so background load on the
 * machine falls on both alike; both rebuild figures are printed.
 *
 * BENCH_EVENTS (default 1,000,000) and BENCH_BATCH (default: the projector's own) change the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Position } from '@core/eventstore/types';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createProjector } from '@adapters/projections-sqlite';
import { countUsers } from '@adapters/read-models/users';
import { benchProjections, userActivity } from './workload';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const BATCH = process.env.BENCH_BATCH === undefined ? undefined : Number(process.env.BENCH_BATCH);
const PAGE = BATCH ?? 10_000;
const TARGET_S = 20;

const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-projections-'));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (ms: number) => `${fmt(EVENTS / (ms / 1000))} events/s`;
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

/** Wall-clock ms; the process's CPU ms go to `cpu` (on a shared machine CPU time shows the work done, wall time the wait). */
const cpu = new Map<string, number>();
const time = async (work: () => Promise<void>, label?: string): Promise<number> => {
  const started = performance.now();
  const usage = process.cpuUsage();
  await work();
  const used = process.cpuUsage(usage);
  if (label !== undefined) cpu.set(label, (used.user + used.system) / 1000);
  return performance.now() - started;
};
const cpuOf = (label: string) => `CPU ${secs(cpu.get(label) ?? NaN)}`;

const main = async () => {
  console.log(`Projection rebuild benchmark: ${fmt(EVENTS)} events, files in ${dir}, load average ${load()}`);
  const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });

  // Events of one chunk are appended concurrently, so the store's group commit writes each chunk in one transaction.
  const fillMs = await time(async () => {
    for (const chunk of userActivity(EVENTS, 20_000)) {
      const byStream = new Map<string, (typeof chunk)[number]['event'][]>();
      for (const { stream, event } of chunk) byStream.set(stream, [...(byStream.get(stream) ?? []), event]);
      await Promise.all([...byStream].map(([stream, events]) => store.append(stream, events, 'any')));
    }
  });
  console.log(`  fill:                        ${secs(fillMs)} (${rate(fillMs)})`);

  const floorMs = await time(async () => {
    let after: Position | null = null;
    for (;;) {
      const page = await store.readAll({ after, maxCount: PAGE });
      after = page.at(-1)?.position ?? after;
      if (page.length < PAGE) break;
    }
  }, 'floor');
  console.log(`  1. read only (the floor):    ${secs(floorMs)} (${rate(floorMs)}; ${cpuOf('floor')})`);

  const rebuild = async (label: string) => {
    const projector = createProjector({ store, path: join(dir, 'read.db'), projections: benchProjections, ...(BATCH ? { batchSize: BATCH } : {}) });
    const ms = await time(() => projector.rebuild(), label);
    const users = countUsers(projector.db);
    await projector.stop();
    console.log(`  ${label}${secs(ms)} (${rate(ms)}; ${cpuOf(label)}; ${fmt(users)} users; load ${load()})`);
    return ms;
  };

  const firstMs = await rebuild('3. projector.rebuild():       ');

  const rawMs = await time(async () => {
    const path = join(dir, 'raw.db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536');
    for (const p of benchProjections) for (const ddl of p.schema) db.exec(ddl);
    const statements = new Map<string, Database.Statement>();
    const handles = benchProjections.map((p) => (p.handles ? new Set(p.handles) : null));
    const apply = db.transaction((page: Awaited<ReturnType<typeof store.readAll>>) => {
      for (const event of page) {
        benchProjections.forEach((p, i) => {
          if (handles[i] && !handles[i].has(event.type)) return;
          for (const { sql, params } of p.project(event)) {
            let s = statements.get(sql);
            if (!s) statements.set(sql, (s = db.prepare(sql)));
            if (params === undefined) s.run();
            else if (Array.isArray(params)) s.run(...(params as unknown[]));
            else s.run(params);
          }
        });
      }
    });
    let after: Position | null = null;
    for (;;) {
      const page = await store.readAll({ after, maxCount: PAGE });
      if (page.length > 0) apply(page);
      after = page.at(-1)?.position ?? after;
      if (page.length < PAGE) break;
    }
    db.close();
  }, 'raw');
  console.log(`  2. hand-written SQLite:      ${secs(rawMs)} (${rate(rawMs)}; ${cpuOf('raw')}; load ${load()})`);

  const secondMs = await rebuild('3. projector.rebuild() again: ');
  await store.close();

  const best = Math.min(firstMs, secondMs);
  console.log('');
  console.log(`  rebuild / hand-written: ${(best / rawMs).toFixed(2)}x the time; rebuild / read floor: ${(best / floorMs).toFixed(2)}x`);
  console.log(`  target: 1M events rebuilt in under ${TARGET_S} s -> best ${secs(best)} for ${fmt(EVENTS)} events: ${best / 1000 < TARGET_S * (EVENTS / 1_000_000) ? 'met' : 'NOT met'}`);
};

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * npm run bench:audit — seconds to answer `replay` and `audit user` over a store of BENCH_EVENTS
 * events (default 1,000,000), printed beside a full projections rebuild (every read model of the
 * product, the audit index included) measured in the same run on the same files. The workload is
 * bench/projections' user activity (about one user in ten events); the audited person is the
 * busiest one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stateAsOf, toEntries, userHistory } from '@adapters/audit';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createProjector } from '@adapters/projections-sqlite';
import { allProjections } from '@adapters/read-models';
import { userActivity } from '../projections/workload';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-audit-'));
const secs = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
const time = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

const main = async () => {
  const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
  const perStream = new Map<string, number>();
  let written = 0;
  for (const chunk of userActivity(EVENTS, 10_000)) {
    const byStream = new Map<string, typeof chunk>();
    for (const item of chunk) byStream.set(item.stream, [...(byStream.get(item.stream) ?? []), item]);
    for (const [stream, items] of byStream) {
      await store.append(stream, items.map((i) => i.event), 'any');
      perStream.set(stream, (perStream.get(stream) ?? 0) + items.length);
    }
    written += chunk.length;
  }
  const [busiest, busiestCount] = [...perStream].reduce((a, b) => (b[1] > a[1] ? b : a));
  const userId = busiest.slice('user-'.length);
  console.log(`store: ${written.toLocaleString('en-US')} events in ${perStream.size.toLocaleString('en-US')} streams; audited: ${busiest} (${busiestCount} events); load ${loadavg()[0]?.toFixed(1)}`);

  const projector = createProjector({ store, path: join(dir, 'read.db'), projections: allProjections });
  const [, rebuildMs] = await time(() => projector.rebuild());
  const events = await store.readStream(busiest);
  const middle = events[Math.floor(events.length / 2)];
  const [replayed, replayMs] = await time(() => stateAsOf(store, busiest, middle === undefined ? { latest: true } : { position: middle.position }));
  const [entries, auditMs] = await time(async () => toEntries(projector.db, await userHistory({ store, db: projector.db }, userId)));
  console.log(`full projections rebuild (${allProjections.length} projections): ${secs(rebuildMs)}`);
  console.log(`replay ${busiest} as of its middle event (${replayed.events} events folded): ${secs(replayMs)}`);
  console.log(`audit user (${entries.length} entries in plain words): ${secs(auditMs)}`);
  await projector.stop();
  await store.close();
};

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));

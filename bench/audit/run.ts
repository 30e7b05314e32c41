/**
 * npm run bench:audit — time and memory of `audit user`, `audit schedule` (the latest 500 entries,
 * read from the end: ADR 0040) and `replay --until` on a store of BENCH_EVENTS events (default
 * 1,000,000), each beside its peer measured in the same run on the same file: the whole history
 * read as before (the old `userHistory` / `scheduleHistory`), and a plain full read of the stream
 * the replay folds. The audit pairs are measured twice, in both orders (the first call of a path
 * is slower: JIT and page-cache warm-up).
 *
 * The store file is written by a direct SQLite insert (the store's own table, one transaction per
 * 50,000 rows): appending a million events one call at a time takes minutes and is measured by
 * bench/store. The audit index and the users read model are then built by the real projector
 * (timed, printed). The workload: background people signing in and editing (user streams), and one
 * heavy person, 'alice', with a long user stream, 1,000 template streams, one schedule whose runs
 * made a reply stream each, and looks at her history.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { latestScheduleHistory, latestUserHistory, scheduleHistory, stateAsOf, toEntries, userHistory, type AuditEntry } from '@adapters/audit';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { openEventDatabase } from '@adapters/eventstore-sqlite/schema';
import { createProjector } from '@adapters/projections-sqlite';
import { auditIndexProjection } from '@adapters/read-models/audit';
import { usersProjection } from '@adapters/read-models/users';
import { auditViewsStream } from '@core/audit/events';
import type { Position } from '@core/eventstore/types';
import { replyStream } from '@core/replies/model';
import { scheduleStream } from '@core/scheduling/schedule';
import { userStream } from '@core/users/streams';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const LIMIT = 500;
const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-audit-'));
const ALICE = 'alice-0000';
const SCHEDULE = 'sched-alice';
const START = Date.parse('2026-01-01T00:00:00Z');
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$qLml5cTJsOWRhZjJkYXNkZjJhc2RmMmFzZGYyYXNkZg';

const secs = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
const gc = (globalThis as { gc?: () => void }).gc;

/** Wall time, the process's CPU time (user + system: less bent by other processes on a shared machine than wall time), the heap grown while it ran (after a GC when --expose-gc), and the process's peak RSS so far. */
const measure = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number; cpuMs: number; heap: number; rss: number }> => {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { result, ms, cpuMs: (used.user + used.system) / 1000, heap: peak - before, rss: process.resourceUsage().maxRSS * 1024 };
};

/** Writes the store file directly: the events table the store reads, in position order. */
const writeStore = (path: string): { streams: number; alice: number } => {
  const db = openEventDatabase(path, { synchronous: 'NORMAL', busyTimeoutMs: 5000 });
  const insert = db.prepare('INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const revisions = new Map<string, number>();
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let people = 0;
  let aliceEvents = 0;
  let i = 0;
  const time = () => new Date(START + i * 3_000).toISOString();
  const put = (stream: string, type: string, data: Record<string, unknown>, actor: string | null) => {
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    const time = new Date(START + i * 3_000).toISOString();
    const metadata = { actor, correlationId: randomUUID(), causationId: null, time };
    insert.run(stream, revision, randomUUID(), type, JSON.stringify({ ...data, at: time }), JSON.stringify(metadata));
    i += 1;
  };
  const registered = (id: string, username: string) => ({
    id, username, email: `${username}@example.test`, fullName: username, passwordHash: HASH, timeZone: 'Europe/Paris',
    xUserId: null, role: 'user', passwordChangeRequired: false, createdBy: null, at: new Date(START).toISOString(),
  });
  const batch = db.transaction((until: number) => {
    while (i < until) {
      if (i === 0) {
        put(userStream(ALICE), 'UserRegistered', registered(ALICE, 'alice'), null);
        put(scheduleStream(SCHEDULE), 'ScheduleCreated', { userId: ALICE, scheduleId: SCHEDULE }, ALICE);
        aliceEvents += 2;
        continue;
      }
      const roll = random();
      if (roll < 0.1) {
        // alice signs in (her user stream grows to about a tenth of the store)
        put(userStream(ALICE), 'UserLoggedIn', { at: time() }, ALICE);
        aliceEvents += 1;
      } else if (roll < 0.12) {
        const templateId = `alice-${Math.floor(random() * 1000)}`;
        put(`template-${templateId}`, 'TemplateUpdated', { userId: ALICE, templateId }, ALICE);
        aliceEvents += 1;
      } else if (roll < 0.125) {
        // one run of her schedule: claimed, then its reply prepared and sent
        const replyId = `r-${i}`;
        put(scheduleStream(SCHEDULE), 'ScheduleRunClaimed', { userId: ALICE, scheduleId: SCHEDULE, replyId, slot: 'x', claimant: 'scheduler' }, 'scheduler');
        put(replyStream(replyId), 'ReplyPrepared', { userId: ALICE, replyId }, 'scheduler');
        put(replyStream(replyId), 'ReplySent', { userId: ALICE, replyId }, 'scheduler');
        aliceEvents += 3;
      } else if (roll < 0.1252) {
        put(auditViewsStream(ALICE), 'AuditViewed', { viewerId: 'someone', subjectKind: random() < 0.5 ? 'schedule' : 'user', subject: random() < 0.5 ? SCHEDULE : 'alice', subjectUserId: ALICE }, null);
        aliceEvents += 1;
      } else if (people === 0 || roll < 0.2) {
        people += 1;
        const id = `p-${people}`;
        put(userStream(id), 'UserRegistered', registered(id, `person${people}`), null);
      } else {
        const id = `p-${1 + Math.floor(random() * people)}`;
        put(userStream(id), roll < 0.8 ? 'UserLoggedIn' : 'ProfileUpdated', roll < 0.8 ? { at: time() } : { changes: { fullName: `Renamed ${i}` }, at: time() }, id);
      }
    }
  });
  while (i < EVENTS) batch(Math.min(EVENTS, i + 50_000));
  db.close();
  return { streams: revisions.size, alice: aliceEvents };
};

const main = async () => {
  const path = join(dir, 'events.db');
  const written = await measure(async () => writeStore(path));
  const store = createSqliteEventStore({ path, synchronous: 'NORMAL' });
  const projector = createProjector({ store, path: join(dir, 'read.db'), projections: [auditIndexProjection, usersProjection] });
  const indexed = await measure(() => projector.start());
  const deps = { store, db: projector.db };
  const own = await store.readStream(userStream(ALICE));
  const middle = own[Math.floor(own.length / 2)]!.position;
  console.log(
    `store: ${EVENTS.toLocaleString('en-US')} events in ${written.result.streams.toLocaleString('en-US')} streams, written by a direct SQLite insert in ${secs(written.ms)}; ` +
      `alice's history ${written.result.alice.toLocaleString('en-US')} events (user stream ${own.length.toLocaleString('en-US')}); ` +
      `audit index + users read model built by the projector in ${secs(indexed.ms)}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; node ${process.version}${gc === undefined ? ' (no --expose-gc: heap figures include garbage)' : ''}`,
  );
  const row = (what: string, m: { ms: number; cpuMs: number; heap: number; rss: number }, note: string) =>
    console.log(`${what.padEnd(58)} ${secs(m.ms).padStart(10)}  cpu ${secs(m.cpuMs).padStart(10)}  heap +${mib(m.heap).padStart(10)}  peak RSS ${mib(m.rss).padStart(10)}  ${note}`);

  // Each pair is measured twice, in both orders (new, peer, peer, new): the first call of a path
  // also pays for warming the JIT and SQLite's page cache, which favoured whichever ran second.
  const pair = async <T>(work: () => Promise<T>, peer: () => Promise<T>) => {
    const first = await measure(work);
    const peerSecond = await measure(peer);
    const peerFirst = await measure(peer);
    const second = await measure(work);
    return { first, second, peerFirst, peerSecond };
  };
  const pairRows = (what: string, p: Awaited<ReturnType<typeof pair<AuditEntry[]>>>) => {
    row(`${what} (latest ${LIMIT}, read from the end)`, p.first, `${p.first.result.length} entries; measured first`);
    row('  same, measured again after its peer', p.second, `${p.second.result.length} entries`);
    row(`  peer: the whole history read, then the latest ${LIMIT}`, p.peerSecond, `${p.peerSecond.result.length} entries; measured second`);
    row('  peer again, measured before the path above', p.peerFirst, `${p.peerFirst.result.length} entries`);
  };

  const user = await pair(
    async () => toEntries(projector.db, (await latestUserHistory(deps, ALICE, {}, LIMIT)).events),
    async () => toEntries(projector.db, (await userHistory(deps, ALICE, {})).slice(-LIMIT)),
  );
  pairRows('audit user alice', user);
  const same = JSON.stringify(user.first.result) === JSON.stringify(user.peerSecond.result);

  const sched = await pair(
    async () => toEntries(projector.db, (await latestScheduleHistory(deps, SCHEDULE, {}, LIMIT)).events),
    async () => toEntries(projector.db, (await scheduleHistory(deps, SCHEDULE, {})).slice(-LIMIT)),
  );
  pairRows('audit schedule', sched);
  const sameSchedule = JSON.stringify(sched.first.result) === JSON.stringify(sched.peerSecond.result);

  const replay = await measure(() => stateAsOf(store, userStream(ALICE), { position: middle as Position }));
  const replayPeer = await measure(() => store.readStream(userStream(ALICE)));
  row(`replay user-${ALICE} --until its middle event`, replay, `${replay.result.events.toLocaleString('en-US')} events folded`);
  row(`  peer: plain full read of user-${ALICE}`, replayPeer, `${replayPeer.result.length.toLocaleString('en-US')} events`);
  const scan = await measure(async () => {
    let n = 0;
    for (let after: Position | null = null; ; ) {
      const page = await store.readAll({ after, maxCount: 50_000 });
      if (page.length === 0) return n;
      n += page.length;
      after = page.at(-1)!.position;
    }
  });
  row('  reference: the whole store read in pages of 50,000', scan, `${scan.result.toLocaleString('en-US')} events`);
  console.log(`same entries as the whole-history read: user ${same}, schedule ${sameSchedule}; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await projector.stop();
  await store.close();
};

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));

// Two servers (each with its embedded scheduler) and three `npm run scheduler` processes on one
// installation: one event store (a SQLite file every process opens; then a KurrentDB wherever there
// is one: KURRENTDB_TEST_URL or testcontainers), shared state in a throwaway PostgreSQL, one X
// emulator (in this process, so its posts can be read). 500 one-time runs, one per user and
// connected account (so no account meets X's posting limits), fall due in the same second; one
// scheduler is killed with SIGKILL mid-burst, then one server. Every run must end in exactly one recorded state, every post on X must be
// exactly one recorded ReplySent (by post id), nothing posted twice, and a run that did not go out
// must say why and have nothing on X. Skipped, saying why, where the PostgreSQL binaries are missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenCipher, createTokenVault, tokenKeyringFrom } from '@adapters/crypto-tokens';
import { createKurrentEventStore } from '@adapters/eventstore-kurrentdb';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator/server';
import { openPgDataKeyStore, openSharedPostgres } from '@adapters/shared-postgres';
import { SANDBOX_APP, startXEmulator, type XEmulator } from '@adapters/x-emulator/server';
import type { EventStore, RecordedEvent } from '@core/eventstore/types';
import { REPLY_MESSAGES } from '@core/replies';
import { runReplyId } from '@core/scheduling/schedule';
import { ADMIN_PASSWORD } from '../api/support';
import { seatsFor, seedSchedulesDueAt, seedSeats, writeXWorld, type Seat } from './due-runs';
import { postgresBinaries, startPostgres, type ThrowawayPostgres } from './postgres';
import { installationEnv, killHard, run, waitFor, type Proc } from './processes';
import { storeTargets, targetTitle } from '../support/kurrentdb-target';

const binaries = postgresBinaries();
if ('missing' in binaries) console.warn(`SKIPPED multi-process dispatch test: ${binaries.missing}`);
// The SQLite file, and KurrentDB wherever there is one (KURRENTDB_TEST_URL or testcontainers;
// otherwise that block is skipped, saying why): tests/support/kurrentdb-target.ts.
const targets = await storeTargets('the multi-process dispatch test', 'one SQLite event file', { skipAll: 'missing' in binaries ? binaries.missing : null });

const RUNS = 500;
const ENDED = new Set(['ReplySent', 'ReplyFailed', 'ReplySkipped', 'ReplyExpired']);
/** Why a run may end without going out after a kill: its POST had not reached X (ADR 0019: never re-sent). */
const NOT_POSTED = /^(Not found on X: the reply was not posted|Not posted: the scheduler was held up)/;

interface Run {
  events: RecordedEvent[];
  ended: string[];
}

for (const target of targets) {
  describe.skipIf(target.skipReason !== null)(targetTitle('two servers and three schedulers', target), () => {
    let pg: ThrowawayPostgres;
    let paypal: PayPalEmulator;
    let x: XEmulator;
    const procs: Proc[] = [];
    let dir: string;
    let env: Record<string, string>;
    let seats: Seat[];
    /** POST /2/tweets requests that reached the emulator (what the kills are timed by). */
    let postRequests = 0;
    let store: EventStore | undefined;

    const openStore = (): EventStore =>
      target.store === 'sqlite'
        ? createSqliteEventStore({ path: env.RIPOSTE_SQLITE_FILE as string, synchronous: 'NORMAL' })
        : createKurrentEventStore({ connectionString: target.url ?? '' });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'riposte-scaleout-dispatch-'));
      pg = await startPostgres();
      paypal = await startPayPalEmulator({ port: 0 });
      // A tag per run keeps the handles apart on a KurrentDB that already holds earlier runs.
      seats = seatsFor(RUNS, `d${Date.now().toString(36).slice(-5)}`);
      writeXWorld(join(dir, 'x-world.json'), seats);
      // The app's reads (each run reads its target's posts; reconciliation reads the accounts' own)
      // are one caller to X: its 900 per 15 minutes would hold back part of one burst of 500.
      x = await startXEmulator({ host: '127.0.0.1', port: 0, stateFile: join(dir, 'x-world.json'), limits: { 'GET /2/users/:id/tweets': 10_000, 'GET /2/tweets': 10_000 } });
      const record = x.control.record.bind(x.control);
      x.control.record = (req, method, path, search) => {
        if (method === 'POST' && path === '/2/tweets') postRequests += 1;
        record(req, method, path, search);
      };
      const tokenKey = Buffer.alloc(32, 7).toString('base64');
      env = {
        ...installationEnv({
          dir,
          adminPassword: ADMIN_PASSWORD,
          sharedUrl: pg.url,
          tokenKey,
          sessionKeys: 'scale-out-test-session-key-0123456789abcdef',
          xUrl: x.url,
          paypalUrl: paypal.url,
        }),
        RIPOSTE_SCHEDULER: 'embedded',
        RIPOSTE_SCHEDULER_INTERVAL_MS: '200',
        // Claimed at the due time, not ahead, so the burst is still going when a process is killed;
        // a dead process's runs are taken over after 3 s.
        RIPOSTE_DISPATCH_LEAD_MS: '0',
        RIPOSTE_DISPATCH_LEASE_MS: '3000',
        // A POST is given up on after 10 s (2 × X's timeout), and X gets the default 60 s more to
        // show a post it stored late: a reply whose POST may still be on its way is settled as not
        // posted 2 × 10 s + 60 s after its send was recorded, not before (ADR 0019). With 10 s of
        // margin, posts the emulator stored 32-36 s after the send (this machine under load) were
        // recorded as not posted.
        RIPOSTE_X_TIMEOUT_MS: '5000',
        RIPOSTE_X_DETECT_INTERVAL_MS: '500',
        RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey,
        RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret,
        ...(target.store === 'sqlite'
          ? { RIPOSTE_EVENT_STORE: 'sqlite', RIPOSTE_SQLITE_FILE: join(dir, 'events.db') }
          : { RIPOSTE_EVENT_STORE: 'kurrentdb', RIPOSTE_KURRENTDB_URL: target.url ?? '' }),
      };

      const start = (name: string, script: string) => {
        const proc = run(script, [], { ...env, RIPOSTE_DATA_DIR: join(dir, name) });
        procs.push(proc);
        return proc;
      };
      const up = (proc: Proc, what: string) => waitFor(proc, /Riposte is running at|Riposte scheduler is running/, what, 150_000);
      // Server a (it makes the admin and the curated accounts) and the three schedulers (they share
      // one data directory, each with a read slot of its own) start while the seats are written;
      // server b once a is up. Starting takes most of this test's time on a loaded machine.
      // The store is opened (on SQLite: the file made) before any process opens it.
      store = openStore();
      const serverA = start('a', 'apps/server/src/main.ts');
      const schedulers = [1, 2, 3].map(() => start('schedulers', 'apps/scheduler/src/main.ts'));
      const started = Date.now();
      // The users, connected accounts (tokens sealed with the shared token key and data keys) and targets.
      const shared = await openSharedPostgres(pg.url);
      const { keyring } = tokenKeyringFrom({ RIPOSTE_TOKEN_KEY: tokenKey }, dir);
      await seedSeats(store, createTokenVault(createTokenCipher(keyring), openPgDataKeyStore(shared.pool), [keyring.current.id]), seats);
      await shared.close();
      const seeded = Date.now();
      await up(serverA, 'server a');
      const serverB = start('b', 'apps/server/src/main.ts');
      await Promise.all([up(serverB, 'server b'), ...schedulers.map((p, i) => up(p, `scheduler ${i + 1}`))]);
      console.info(`seats written in ${seeded - started} ms; all five processes up after ${Date.now() - started} ms`);
    }, 300_000);

    afterAll(async () => {
      await Promise.all(procs.map(killHard));
      await store?.close();
      await x?.close();
      await paypal?.close();
      pg?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** Waits for `check`, reading every `everyMs` (a state, not a moment); the timeout says where things stand. */
    const until = async <T>(read: () => Promise<T> | T, check: (value: T) => boolean, what: (value: T) => string, timeoutMs: number, everyMs = 250): Promise<T> => {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const value = await read();
        if (check(value)) return value;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what(value)}`);
        await new Promise((r) => setTimeout(r, everyMs));
      }
    };

    it('dispatches 500 due runs once each, and a scheduler and a server killed mid-burst lose none', async () => {
      const live = store as EventStore;
      // Due once every schedule is written and projected (500 take a few seconds on a loaded machine).
      const began = Date.now();
      const dueAt = new Date(Date.now() + 10_000);
      const scheduleIds = await seedSchedulesDueAt(live, seats, dueAt);
      // Each run's reply stream is named by its schedule and slot (runReplyId): a run taken over keeps it.
      const replyIds = scheduleIds.map((id) => runReplyId(id, dueAt.toISOString()));

      // Started in this order: server a, the three schedulers, server b.
      const [serverA, firstScheduler] = procs as [Proc, Proc];
      await until(() => postRequests, (n) => n >= 100, (n) => `the first 100 posts reaching X (${n} so far)`, 120_000);
      await killHard(firstScheduler);
      await until(() => postRequests, (n) => n >= 250, (n) => `250 posts reaching X (${n} so far)`, 120_000);
      await killHard(serverA);

      // Every run in an end state. The store is read from where the last read stopped (one query
      // every 2 s), so this process, which also runs the X emulator, stays mostly idle.
      const ours = new Set(replyIds.map((id) => `reply-${id}`));
      const runs = new Map<string, Run>(replyIds.map((id) => [id, { events: [], ended: [] }]));
      let after: RecordedEvent['position'] | null = null;
      const readOn = async () => {
        for (;;) {
          const page = await live.readAll({ after, maxCount: 2_000 });
          for (const e of page) {
            after = e.position;
            if (!ours.has(e.streamName)) continue;
            const r = runs.get(e.streamName.slice('reply-'.length)) as Run;
            r.events.push(e);
            if (ENDED.has(e.type)) r.ended.push(e.type);
          }
          if (page.length < 2_000) return;
        }
      };
      const tally = () => {
        const counts: Record<string, number> = {};
        for (const r of runs.values()) {
          const key = r.events.length === 0 ? 'not begun' : (r.ended[0] ?? `open after ${r.events.at(-1)?.type ?? ''}`);
          counts[key] = (counts[key] ?? 0) + 1;
        }
        return counts;
      };
      const open = () => [...runs.values()].filter((r) => r.ended.length === 0).length;
      await until(
        async () => {
          await readOn();
          return open();
        },
        (left) => left === 0,
        (left) => `every one of the ${RUNS} runs in an end state: ${left} open, ${JSON.stringify(tally())}, ${postRequests} POSTs reached X`,
        200_000,
        2_000,
      );
      // Once more after a pause: nothing may be added after an end.
      await new Promise((r) => setTimeout(r, 2_000));
      await readOn();
      const all = replyIds.map((id) => ({ id, ...(runs.get(id) as Run) }));

      // Each run ended exactly once, and began a second POST only once its first was settled as not
      // on X (ReplyRequeued: the reconciliation looked, or ReplyRateLimited: X refused it) — the
      // rule of core/replies/exactly-once.unit.test.ts. A taken-over run whose send may be on X is
      // never re-sent.
      expect(all.filter((r) => r.ended.length !== 1).map((r) => ({ id: r.id, types: r.events.map((e) => e.type) }))).toEqual([]);
      const resentUnsettled = all.filter((r) => {
        const types = r.events.map((e) => e.type);
        return types.some((type, i) => {
          if (type !== 'ReplySending' || i === 0) return false;
          const previous = types.lastIndexOf('ReplySending', i - 1);
          return previous >= 0 && !types.slice(previous, i).some((t) => t === 'ReplyRequeued' || t === 'ReplyRateLimited');
        });
      });
      expect(resentUnsettled.map((r) => ({ id: r.id, types: r.events.map((e) => e.type) }))).toEqual([]);

      // What reached X is exactly what was recorded as sent, post by post: none twice, none unrecorded.
      const preparedOf = (r: Run) => (r.events.find((e) => e.type === 'ReplyPrepared')?.data as { text: string; postId: string } | undefined) ?? null;
      const sent = all.flatMap((r) => {
        const e = r.events.find((ev) => ev.type === 'ReplySent');
        return e === undefined ? [] : [{ run: r, postId: (e.data as { replyPostId: string | null }).replyPostId }];
      });
      const onX = seats.map((s) => x.control.postsBy(s.username).filter((p) => !p.deleted && p.replyToId !== undefined));
      expect(onX.filter((posts) => posts.length > 1).map((posts) => posts.map((p) => p.text))).toEqual([]);
      expect(sent.filter((s) => s.postId === null)).toEqual([]);
      expect(new Set(sent.map((s) => s.postId)).size).toBe(sent.length);
      // A post on X with no ReplySent: what its run recorded, and when (ms after its send was recorded).
      const sentIds = new Set(sent.map((s) => s.postId));
      const runByText = new Map(all.map((r) => [preparedOf(r)?.text, r]));
      const atOf = (r: Run, type: string) => (r.events.find((e) => e.type === type)?.data as { at?: string } | undefined)?.at;
      const unrecorded = onX.flat().filter((p) => !sentIds.has(p.id)).map((p) => {
        const r = runByText.get(p.text);
        const sendingMs = Date.parse(r === undefined ? '' : (atOf(r, 'ReplySending') ?? ''));
        const failed = r?.events.find((e) => e.type === 'ReplyFailed')?.data as { message: string; at: string } | undefined;
        return { post: p.id, run: r?.id, types: r?.events.map((e) => e.type), failed: failed?.message, failedAfterMs: failed === undefined ? null : Date.parse(failed.at) - sendingMs, onXAfterMs: p.createdAt - sendingMs };
      });
      expect(unrecorded).toEqual([]);
      expect(new Set(onX.flat().map((p) => p.id))).toEqual(sentIds);
      // Each post answers its run's target post with its run's text.
      const byId = new Map(onX.flat().map((p) => [p.id, p]));
      for (const s of sent) {
        const post = byId.get(s.postId as string);
        expect({ text: post?.text, replyTo: post?.replyToId }).toEqual({ text: preparedOf(s.run)?.text, replyTo: preparedOf(s.run)?.postId });
      }

      // A run that did not go out is one the kills caught between recording its send and making it:
      // it says so, and nothing of it is on X (ADR 0019: an unknown outcome is never sent again).
      const postedTexts = new Set(onX.flat().map((p) => p.text));
      const notSent = all.filter((r) => r.ended[0] !== 'ReplySent');
      for (const r of notSent) {
        const failed = r.events.find((e) => e.type === 'ReplyFailed')?.data as { message: string } | undefined;
        expect({ id: r.id, message: failed?.message, onX: postedTexts.has(preparedOf(r)?.text ?? '') }).toEqual({ id: r.id, message: expect.stringMatching(NOT_POSTED), onX: false });
      }
      expect(REPLY_MESSAGES.notFoundOnX).toMatch(NOT_POSTED);
      console.info(`multi-process dispatch on ${target.name}, ${Date.now() - began} ms from writing the schedules: ${sent.length} sent, ${notSent.length} not posted (${JSON.stringify(tally())}), ${postRequests} POSTs reached X`);
    }, 360_000);
  });
}

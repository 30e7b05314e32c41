/**
 * What the resilience tests of dispatch share: the X emulator in a process of its own, driven and
 * read over its HTTP control (posts are counted in its world), a real server on a temporary data directory and one event store (the
 * SQLite file there, or a KurrentDB: tests/support/kurrentdb-target.ts) (users, X accounts
 * connected through the emulator's consent page, targets added by the admin, the replies read
 * model behind GET /api/replies), schedules due now appended through the schedule decider on a
 * second connection to the same store, and `npm run scheduler` processes spawned on that data
 * directory and store, talking to the emulator as X.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFailed } from 'vitest';
import { createKurrentEventStore } from '@adapters/eventstore-kurrentdb';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { fileClock } from '@adapters/clock/test-clock';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import type { EmuPost } from '@adapters/x-emulator/world';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import { DEFAULT_GRACE_MS, replyStream } from '@core/replies';
import { scheduleDecider, scheduleStream } from '@core/scheduling';
import { runReplyId } from '@core/scheduling/schedule';
import { startTestServer, uniqueName, type Client, type TestServer } from '../api/support';
import { connectXByPin } from '../api/x.support';
import { runUniqueXUserIdBase, type StoreTarget } from '../support/kurrentdb-target';
import { spawnXEmulator, type XEmulatorProcess, type XEmulatorProcessOptions } from '../support/x-emulator-process';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Statuses a reply does not leave by itself: sent, or ended with its reason. */
export const FINAL = new Set(['sent', 'failed', 'duplicate', 'invalid_content', 'account_suspended', 'post_unavailable', 'insufficient_permissions', 'rejected', 'not_summoned', 'skipped', 'expired']);
/** Statuses the user sees and can act on (the Ready to send queue, the history). */
export const VISIBLE = new Set(['unconfirmed', 'ready']);

export interface ReplyView {
  id: string;
  status: string;
  statusMessage: string | null;
  postId: string | null;
  replyPostId: string | null;
  content: string;
  mode: string | null;
  scheduledId: string | null;
}

/** The event store the server, the schedulers and the test share: the data directory's SQLite file, or a KurrentDB. */
export type WorldStore = { kind: 'sqlite' } | { kind: 'kurrentdb'; url: string };

export interface World {
  emulator: XEmulatorProcess;
  server: TestServer;
  admin: Client;
  /** A second connection to the server's event store (seeding, reading reply streams). */
  store: EventStore;
  /** What every process of the world is told about the store (the server's and the schedulers' env). */
  storeEnv: Record<string, string>;
  close(): Promise<void>;
}

/** The world's store for a parameterised suite's target (a skipped target never starts a world). */
export const worldStoreOf = (target: StoreTarget): WorldStore => {
  if (target.store === 'sqlite') return { kind: 'sqlite' };
  if (target.url === null) throw new Error(`unreachable: ${target.name} is skipped (${target.skipReason})`);
  return { kind: 'kurrentdb', url: target.url };
};

const storeEnvOf = (store: WorldStore): Record<string, string> =>
  store.kind === 'sqlite' ? { RIPOSTE_EVENT_STORE: 'sqlite' } : { RIPOSTE_EVENT_STORE: 'kurrentdb', RIPOSTE_KURRENTDB_URL: store.url };

/**
 * The emulator's process (summon rule off: direct replies go through), and a server on it; with
 * `clockFile`, both run on the clock the test moves there (as the schedulers do with
 * RIPOSTE_TEST_CLOCK_FILE). On KurrentDB the
 * emulator numbers its new users from a place of this run's own: a KurrentDB kept between runs
 * holds the earlier runs' X accounts, reserved by X user id. Everything else the tests make has a
 * fresh id or name (users, targets, schedules), and the admin's changed password is tried at login.
 */
export const startWorld = async (options: { emulator?: XEmulatorProcessOptions; server?: Record<string, string>; store?: WorldStore; clockFile?: string } = {}): Promise<World> => {
  const on: WorldStore = options.store ?? { kind: 'sqlite' };
  const clock = options.clockFile === undefined ? undefined : fileClock(options.clockFile);
  const emulator = await spawnXEmulator({
    summonRule: false,
    ...(on.kind === 'kurrentdb' ? { userIdBase: runUniqueXUserIdBase() } : {}),
    ...(options.clockFile === undefined ? {} : { clockFile: options.clockFile }),
    ...options.emulator,
  });
  const storeEnv = storeEnvOf(on);
  const server = await startTestServer({ ...xEnv(emulator), RIPOSTE_SCHEDULER: 'external', ...storeEnv, ...options.server }, clock === undefined ? {} : { clock }).catch(async (error: unknown) => {
    await emulator.close();
    throw error;
  });
  const admin = await server.admin();
  const store = on.kind === 'sqlite' ? createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' }) : createKurrentEventStore({ connectionString: on.url });
  return {
    emulator,
    server,
    admin,
    store,
    storeEnv,
    close: async () => {
      await store.close();
      await server.close();
      await emulator.close();
    },
  };
};

/** X as the emulator, every due reply sent through the API. */
export const xEnv = (emulator: { url: string }): Record<string, string> => ({
  RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey,
  RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret,
  RIPOSTE_X_API_URL: emulator.url,
  RIPOSTE_X_DELIVERY: 'direct',
});

export interface Person {
  client: Client;
  userId: string;
  handle: string;
  connectedAccountId: string;
}

/** A user with an X account connected through the emulator's consent page (PIN). */
export const userWithX = async (world: World): Promise<Person> => {
  const { client, user } = await world.server.newUser();
  const handle = `x_${uniqueName('u').slice(-12)}`;
  return { client, userId: user.id, handle, connectedAccountId: await connectXByPin(client, handle) };
};

/** An auto schedule ('reply when this account posts', no delay) of `person` on `targetId`, with a template of its own text. */
export const autoScheduleOf = async (person: Person, targetId: string, text: string): Promise<string> => {
  const template = await person.client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content: `${text} ${randomUUID().slice(0, 8)}` });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const res = await person.client.post('/api/schedules', {
    accountId: targetId,
    connectedAccountId: person.connectedAccountId,
    templateId: (template.body as { id: string }).id,
    scheduleType: 'auto',
    delayMinutes: 0,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
};

export interface Target {
  id: string;
  username: string;
  post: EmuPost;
}

/** A monitored account (added by the admin) for a fresh X user of the emulator, with one post just made. */
export const newTarget = async (world: World): Promise<Target> => {
  const username = `t_${uniqueName('t').slice(-12)}`;
  await world.emulator.control.createUser(username);
  const res = await world.admin.post('/api/accounts', { username, displayName: `Target ${username}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const post = await world.emulator.control.post(username, `Thoughts of ${username} on the day`);
  return { id: (res.body as { id: string }).id, username, post };
};

export interface Seeded {
  scheduleId: string;
  replyId: string;
  person: Person;
  target: Target;
  text: string;
}

/**
 * One-time schedules, as the server's schedule service decides them (the schedule decider),
 * appended on the test's own connection, all due at the same instant: `dueInMs` from now (default
 * 0: one second ago they were one second ahead).
 *
 * Appends from the test process wait synchronously for SQLite's write lock (better-sqlite3), and a
 * scheduler busy sending holds it often: seeding then stalls this process (and the server it
 * hosts). Runs seeded while schedulers run are therefore due a little later, once seeding is done.
 */
export const seedDue = async (world: World, runs: { person: Person; target: Target; text?: string }[], options: { dueInMs?: number; now?: () => number } = {}): Promise<Seeded[]> => {
  const dueInMs = options.dueInMs ?? 0;
  const nowMs = (options.now ?? Date.now)();
  const createdAt = dueInMs > 0 ? nowMs : nowMs - 2_000;
  const at = new Date(dueInMs > 0 ? createdAt + dueInMs : createdAt + 1_000).toISOString();
  const parallel = 16;
  const seeded: Seeded[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next;
      next += 1;
      const run = runs[i];
      if (run === undefined) return;
      const scheduleId = randomUUID();
      const now = createdAt;
      const text = run.text ?? `Well said ${randomUUID().slice(0, 12)}`;
      await handleCommand(
        world.store,
        scheduleStream(scheduleId),
        scheduleDecider,
        {
          type: 'CreateSchedule',
          scheduleId,
          userId: run.person.userId,
          now: new Date(now).toISOString(),
          timeZone: 'UTC',
          draft: {
            targetAccountId: run.target.id,
            connectedAccountId: run.person.connectedAccountId,
            content: { kind: 'text', text },
            imageUrl: null,
            plan: { kind: 'once', at },
            targetUsername: run.target.username,
            accountName: run.person.handle,
          },
        },
        { metadata: { actor: run.person.userId, correlationId: scheduleId, causationId: null, time: new Date(now).toISOString() }, newId: randomUUID },
      );
      seeded[i] = { scheduleId, replyId: runReplyId(scheduleId, at), person: run.person, target: run.target, text };
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return seeded;
};

/** Every reply of a user, as the history shows it (the read model). */
export const repliesOf = async (client: Client): Promise<ReplyView[]> => {
  const all: ReplyView[] = [];
  for (let page = 1; ; page += 1) {
    const res = await client.get(`/api/replies?page=${page}&limit=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { items: ReplyView[]; total: number };
    all.push(...body.items);
    if (all.length >= body.total || body.items.length === 0) return all;
  }
};

/** The replies of `seeded` once `done` holds for every one of them (polled with a deadline). */
export const waitForReplies = async (seeded: Seeded[], done: (r: ReplyView) => boolean, what: string, timeoutMs: number): Promise<Map<string, ReplyView>> => {
  const people = [...new Map(seeded.map((s) => [s.person.userId, s.person])).values()];
  const until = Date.now() + timeoutMs;
  let last = new Map<string, ReplyView>();
  for (;;) {
    last = new Map();
    for (const p of people) for (const r of await repliesOf(p.client)) last.set(r.id, r);
    const missing = seeded.filter((s) => {
      const r = last.get(s.replyId);
      return r === undefined || !done(r);
    });
    if (missing.length === 0) return last;
    if (Date.now() > until) {
      const sample = missing.slice(0, 5).map((s) => last.get(s.replyId) ?? { id: s.replyId, status: 'absent' });
      throw new Error(`timed out waiting for ${what}: ${missing.length} of ${seeded.length} not there, e.g. ${JSON.stringify(sample)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** The replies an account has on X (live posts answering another post); none for an account X does not know. */
export const repliesOnX = async (emulator: XEmulatorProcess, handle: string): Promise<EmuPost[]> => {
  if ((await emulator.control.user(handle)) === undefined) return [];
  return (await emulator.control.postsBy(handle)).filter((p) => !p.deleted && p.replyToId !== undefined);
};

/** The types of the events of a reply's stream, in order. */
export const replyEvents = async (world: World, replyId: string): Promise<string[]> => (await world.store.readStream(replyStream(replyId))).map((e) => e.type);

/**
 * The invariants every test ends on, per seeded run: its reply is in a final state; sent means
 * exactly one post on X by its account, answering its target post, with the id the history shows;
 * anything else means no post at all. No account posted twice under one post.
 */
export const expectExactlyOnce = async (world: World, seeded: Seeded[], replies: Map<string, ReplyView>): Promise<void> => {
  const byHandle = new Map<string, EmuPost[]>();
  for (const s of seeded) if (!byHandle.has(s.person.handle)) byHandle.set(s.person.handle, await repliesOnX(world.emulator, s.person.handle));
  for (const [handle, posts] of byHandle) {
    const perParent = new Map<string, number>();
    for (const p of posts) perParent.set(p.replyToId!, (perParent.get(p.replyToId!) ?? 0) + 1);
    const twice = [...perParent].filter(([, n]) => n > 1);
    expect({ handle, twice }).toEqual({ handle, twice: [] });
  }
  for (const s of seeded) {
    const reply = replies.get(s.replyId);
    expect(reply, `the reply of schedule ${s.scheduleId}`).toBeDefined();
    expect(FINAL.has(reply!.status), `${reply!.id} ended ${reply!.status} (${reply!.statusMessage})`).toBe(true);
    const onX = byHandle.get(s.person.handle)!.filter((p) => p.replyToId === s.target.post.id);
    if (reply!.status === 'sent') {
      expect(onX.map((p) => ({ id: p.id, text: p.text }))).toEqual([{ id: reply!.replyPostId, text: s.text }]);
    } else {
      expect(onX).toEqual([]);
    }
  }
};

/** What a dispatch scenario ended with, counted from X's world (the emulator) and the history. */
export interface DispatchFigures {
  due: number;
  /** Runs with their reply on X (once or more). */
  onX: number;
  recordedSent: number;
  /** On X but not recorded sent, or recorded sent but not on X. */
  lost: number;
  /** Posts on X beyond the first for one run. */
  doubled: number;
  unconfirmed: number;
  /** Runs with a post on X more than the grace (15 minutes) after they were due. */
  sentLate: number;
}

/** When a seeded run was due: its slot, the last part of its reply id. */
export const dueOf = (s: Seeded): number => Number(s.replyId.split(':').at(-1));

export const figuresOf = async (world: World, seeded: Seeded[], replies: Map<string, ReplyView>, dueMs: (s: Seeded) => number = dueOf): Promise<DispatchFigures> => {
  const onXByHandle = new Map<string, EmuPost[]>();
  for (const s of seeded) if (!onXByHandle.has(s.person.handle)) onXByHandle.set(s.person.handle, await repliesOnX(world.emulator, s.person.handle));
  const figures: DispatchFigures = { due: seeded.length, onX: 0, recordedSent: 0, lost: 0, doubled: 0, unconfirmed: 0, sentLate: 0 };
  for (const s of seeded) {
    const posts = onXByHandle.get(s.person.handle)!.filter((p) => p.replyToId === s.target.post.id);
    const status = replies.get(s.replyId)?.status;
    if (posts.length > 0) figures.onX += 1;
    figures.doubled += Math.max(0, posts.length - 1);
    if (status === 'sent') figures.recordedSent += 1;
    if (status === 'unconfirmed') figures.unconfirmed += 1;
    if ((posts.length > 0) !== (status === 'sent')) figures.lost += 1;
    if (posts.some((p) => p.createdAt > dueMs(s) + DEFAULT_GRACE_MS)) figures.sentLate += 1;
  }
  return figures;
};

/** One table line: `[dispatch] scenario | due n | on X n | ...`, for the record of a run. */
const printFigures = (scenario: string, f: DispatchFigures): void => {
  console.info(`[dispatch] ${scenario} | due ${f.due} | on X ${f.onX} | recorded sent ${f.recordedSent} | lost ${f.lost} | doubled ${f.doubled} | unconfirmed ${f.unconfirmed} | sent late ${f.sentLate}`);
};

/**
 * A dispatch scenario's figures, printed as one table line when it ends: `tally` counts them from
 * the replies the test waited for (and answers them for its assertions); a test that fails before
 * its tally prints them as its seeded runs stood when it failed, marked so, the history read again.
 */
export const dispatchScenario = (world: World, name: string, seeded: Seeded[]) => {
  let tallied = false;
  onTestFailed(async () => {
    if (tallied) return;
    const people = [...new Map(seeded.map((s) => [s.person.userId, s.person])).values()];
    const replies = new Map<string, ReplyView>();
    for (const p of people) for (const r of await repliesOf(p.client)) replies.set(r.id, r);
    printFigures(`${name} (the test failed: the runs as they stood then)`, await figuresOf(world, seeded, replies));
  });
  return {
    tally: async (replies: Map<string, ReplyView>, dueMs?: (s: Seeded) => number): Promise<DispatchFigures> => {
      tallied = true;
      const figures = await figuresOf(world, seeded, replies, dueMs);
      printFigures(name, figures);
      return figures;
    },
  };
};

export interface SchedulerProcess {
  child: ChildProcess;
  /** How it ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM and wait (a clean stop lets the replies in flight finish). */
  stop(): Promise<void>;
}

/** `npm run scheduler` on the world's data directory and event store, with X as the emulator. */
export const spawnScheduler = (world: World, env: Record<string, string> = {}): SchedulerProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/scheduler/src/main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RIPOSTE_DATA_DIR: world.server.dataDir,
      ...world.storeEnv,
      // A killed process loses nothing the OS has (WAL in the page cache); FULL guards power cuts.
      RIPOSTE_SQLITE_SYNCHRONOUS: 'NORMAL',
      RIPOSTE_SCHEDULER_INTERVAL_MS: '100',
      RIPOSTE_X_DETECT_INTERVAL_MS: '200',
      ...xEnv(world.emulator),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    stdout: () => out,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Waits until the scheduler says it runs (tsx compiles the app first: slow on a loaded machine). */
export const untilRunning = async (schedulers: SchedulerProcess[], timeoutMs = 120_000): Promise<void> => {
  await waitUntil(
    () => {
      const dead = schedulers.find((s) => s.child.exitCode !== null || s.child.signalCode !== null);
      if (dead !== undefined) throw new Error(`a scheduler ended before running: ${dead.stderr()}${dead.stdout()}`);
      return schedulers.every((s) => s.stdout().includes('Riposte scheduler is running'));
    },
    'the schedulers running',
    timeoutMs,
  );
};

/** Waits for `what` with a deadline. */
export const waitUntil = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

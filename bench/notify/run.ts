/**
 * npm run bench:notify — from a post on X to the notification on the creator's device.
 *
 * The real server (embedded scheduler, its watcher, dispatch and push job) against the X emulator
 * over HTTP, with a local Web Push service (web-push-testing) that decrypts each push as a
 * browser's push service would. BENCH_NOTIFY_USERS (20) users each turn on notifications on a
 * device and keep an auto schedule ("reply when @target posts", no delay) on a target of their own;
 * each target then posts once, a post that does not mention the user, so the reply is prepared
 * and waits for the user's tap (assisted delivery, the default on self-serve X access) and the
 * device is told. Measured per post: the post's time to the push's arrival at the push service.
 *
 * - stream mode (RIPOSTE_X_WATCH=stream): X's filtered stream delivers the post; real time.
 * - poll mode (RIPOSTE_X_WATCH=poll), standard tier: the watcher reads each timeline at its tier's
 *   interval. Intervals are minutes, so the server's and the emulator's clock run
 *   BENCH_NOTIFY_FACTOR (30) times faster than the wall clock; figures are in that clock's
 *   seconds, and wall-time work counts FACTOR times over (pessimistic by that much).
 * - peer, the bare loop, in the same run: for each post, one timeline read through the same X
 *   adapter and one push through the same sender, nothing else: the floor of this path.
 *
 * Targets: stream p99 <= 5 s from post to push; poll p99 <= the tier's interval + 5 s.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPushSender, vapidKeysFrom } from '@adapters/push';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { createXClient } from '@adapters/x-twitter';
import type { MonitoringTier } from '@core/monitoring/tiers';
import { DEFAULT_POLLING_SETTINGS, pollIntervalFor } from '@core/polling/interval';
import { utcLocalTime } from '@core/watching';
import { startDispatchWorld, type DispatchWorld } from '../../tests/api/dispatch.support';
import { eventually } from '../../tests/api/schedules.support';
import { startPushService, type PushService } from '../../tests/support/push-service';

const USERS = Number(process.env.BENCH_NOTIFY_USERS ?? 20);
const FACTOR = Number(process.env.BENCH_NOTIFY_FACTOR ?? 30);
// Changing an account's tier needs the admins' X step-up; the sandbox targets are standard tier.
const TIERS: MonitoringTier[] = ['standard'];

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const summary = (latencies: number[]) => {
  const s = [...latencies].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1) ?? NaN };
};

interface Watcher {
  world: DispatchWorld;
  push: PushService;
  arrivals: Map<string, number>;
  /** The clock the latencies are read on (the server's). */
  now: () => number;
}

const startWorld = async (mode: 'stream' | 'poll', clock: { offsetMs: number; factor: number }): Promise<Watcher> => {
  const arrivals = new Map<string, number>();
  let worldRef: DispatchWorld | null = null;
  const push = await startPushService({ onMessage: (hash) => arrivals.has(hash) || arrivals.set(hash, worldRef?.serverNow() ?? Date.now()) });
  const world = await startDispatchWorld({ RIPOSTE_X_WATCH: mode, RIPOSTE_PUSH_HOSTS: push.host, RIPOSTE_SCHEDULER_INTERVAL_MS: '200', LOG_LEVEL: 'error' }, { sharedClock: true });
  worldRef = world;
  return { world, push, arrivals, now: () => world.serverNow() + clock.offsetMs };
};

/** A user with a device, an auto schedule on a target of their own (standard tier), read once already. */
const watchedUser = async (w: Watcher) => {
  const { client, connectedAccountId } = await w.world.userWithX();
  const key = ((await client.get('/api/push/key')).body as { publicKey: string }).publicKey;
  const sub = await w.push.subscribe(key);
  const device = await client.post('/api/push/devices', { subscription: { endpoint: sub.endpoint, keys: sub.keys } });
  if (device.status !== 201) throw new Error(`device: ${device.status} ${device.text}`);
  const target = await w.world.newTarget();
  const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content: `Well said ${randomUUID().slice(0, 8)}` });
  const res = await client.post('/api/schedules', { accountId: target.id, connectedAccountId, templateId: (template.body as { id: string }).id, scheduleType: 'auto', delayMinutes: 0 });
  if (res.status !== 201) throw new Error(`schedule: ${res.status} ${res.text}`);
  const xUserId = w.world.emulator.control.user(target.username)?.id as string;
  await eventually(async () => w.world.emulator.control.requests.some((r) => r.method === 'GET' && r.path === `/2/users/${xUserId}/tweets`), (v) => v, 'the first read', 60_000);
  return { clientHash: sub.clientHash, target, xUserId };
};

const streamMode = async () => {
  const w = await startWorld('stream', { offsetMs: 0, factor: 1 });
  try {
    const users: Awaited<ReturnType<typeof watchedUser>>[] = [];
    for (let i = 0; i < USERS; i += 1) users.push(await watchedUser(w));
    await eventually(async () => w.world.emulator.control.stream.connections(), (n) => n === 1, 'the stream connected', 30_000);
    await eventually(
      async () => new Set(w.world.emulator.control.stream.rules().flatMap((r) => r.value.match(/from:(\d+)/g) ?? [])).size,
      (n) => n >= USERS,
      'a rule for every target',
      30_000,
    );
    const posted = new Map<string, number>();
    for (const u of users) {
      const post = w.world.emulator.control.post(u.target.username, `Thinking out loud ${randomUUID().slice(0, 6)}`);
      posted.set(u.clientHash, post.createdAt);
      await new Promise((r) => setTimeout(r, 150));
    }
    await eventually(async () => users.filter((u) => w.arrivals.has(u.clientHash)).length, (n) => n === users.length, 'every push', 120_000);
    return summary(users.map((u) => (w.arrivals.get(u.clientHash) as number) - (posted.get(u.clientHash) as number)));
  } finally {
    await w.world.close();
    await w.push.close();
  }
};

const pollMode = async () => {
  // The server's clock runs FACTOR times faster: started here, moved on by a ticker.
  const w = await startWorld('poll', { offsetMs: 0, factor: FACTOR });
  const ticker = setInterval(() => w.world.moveClockTo(w.world.serverNow() + 50 * (FACTOR - 1)), 50);
  try {
    const byTier: Record<string, { latencies: number[]; intervalMin: number }> = {};
    for (const tier of TIERS) {
      const users: Awaited<ReturnType<typeof watchedUser>>[] = [];
      for (let i = 0; i < USERS; i += 1) users.push(await watchedUser(w));
      const posted = new Map<string, number>();
      const intervalMin = pollIntervalFor(tier, utcLocalTime(w.world.serverNow()), DEFAULT_POLLING_SETTINGS);
      // Posts spread over one interval, so they fall anywhere between two reads.
      for (const u of users) {
        const post = w.world.emulator.control.post(u.target.username, `Thinking out loud ${randomUUID().slice(0, 6)}`);
        posted.set(u.clientHash, post.createdAt);
        await new Promise((r) => setTimeout(r, (intervalMin * 60_000) / FACTOR / users.length));
      }
      await eventually(async () => users.filter((u) => w.arrivals.has(u.clientHash)).length, (n) => n === users.length, `every push (${tier})`, 600_000);
      byTier[tier] = { latencies: users.map((u) => (w.arrivals.get(u.clientHash) as number) - (posted.get(u.clientHash) as number)), intervalMin };
    }
    return byTier;
  } finally {
    clearInterval(ticker);
    await w.world.close();
    await w.push.close();
  }
};

/** The floor: a timeline read and a push, nothing else, per post. */
const bareLoop = async () => {
  const push = await startPushService();
  const w = await startDispatchWorld({ LOG_LEVEL: 'error', RIPOSTE_SCHEDULER: 'off' });
  try {
    const x = createXClient({ apiBaseUrl: w.emulator.url, consumerKey: SANDBOX_APP.consumerKey, consumerSecret: SANDBOX_APP.consumerSecret });
    const keys = vapidKeysFrom({}, mkdtempSync(join(tmpdir(), 'riposte-bench-notify-')));
    const sender = createPushSender(keys, { extraHosts: [push.host] });
    const latencies: number[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const target = await w.newTarget();
      const xUserId = w.emulator.control.user(target.username)?.id as string;
      const sub = await push.subscribe(keys.publicKey);
      const post = w.emulator.control.post(target.username, `Thinking out loud ${i}`);
      const started = Date.now();
      const posts = await x.recentPosts({ userId: xUserId });
      if (!posts.some((p) => p.id === post.id)) throw new Error('the bare loop did not see the post');
      const sent = await sender.send({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, label: '', createdAt: '' }, { kind: 'ready', replyId: 'r', title: 't', body: 'b', url: 'u', tag: 'x' });
      if (sent.kind !== 'sent') throw new Error(`the bare loop's push: ${JSON.stringify(sent)}`);
      latencies.push(Date.now() - started);
    }
    return summary(latencies);
  } finally {
    await w.close();
    await push.close();
  }
};

const main = async () => {
  console.log(`bench:notify — ${USERS} users, poll clock x${FACTOR}`);
  const peer = await bareLoop();
  const stream = await streamMode();
  const poll = await pollMode();
  console.log('\nfrom the post to the push at the push service (seconds)');
  console.log('mode                      n     p50      p99      max    target p99');
  console.log(`bare loop (read + push)  ${String(peer.n).padStart(3)}  ${seconds(peer.p50).padStart(6)}  ${seconds(peer.p99).padStart(7)}  ${seconds(peer.max).padStart(7)}`);
  console.log(`stream                   ${String(stream.n).padStart(3)}  ${seconds(stream.p50).padStart(6)}  ${seconds(stream.p99).padStart(7)}  ${seconds(stream.max).padStart(7)}    5.00 ${stream.p99 <= 5_000 ? 'met' : 'MISSED'}`);
  for (const [tier, { latencies, intervalMin }] of Object.entries(poll)) {
    const s = summary(latencies);
    const target = intervalMin * 60_000 + 5_000;
    console.log(
      `poll ${tier.padEnd(8)} (${String(intervalMin).padStart(2)} min) ${String(s.n).padStart(3)}  ${seconds(s.p50).padStart(6)}  ${seconds(s.p99).padStart(7)}  ${seconds(s.max).padStart(7)}  ${seconds(target).padStart(7)} ${s.p99 <= target ? 'met' : 'MISSED'}`,
    );
  }
};

await main();
process.exit(0);

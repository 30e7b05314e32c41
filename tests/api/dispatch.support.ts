/**
 * What the dispatch tests share: a real server with its embedded scheduler (a fast tick, and a
 * test clock that can be moved on) talking to the X emulator as X; users with X accounts connected
 * through the emulator's consent page; monitored targets that are emulator users; schedules made
 * through the API; and what went out, counted on the emulator.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { SANDBOX_APP, startXEmulator, type XEmulator } from '@adapters/x-emulator/server';
import { eventually } from './schedules.support';
import { createTestClock } from '../support/test-clock';
import { startTestServer, uniqueName, type Client, type TestServer } from './support';
import { connectXByPin } from './x.support';

export type ReplyView = {
  id: string;
  status: string;
  statusMessage: string | null;
  reason: string;
  postId: string | null;
  postText: string | null;
  replyPostId: string | null;
  sentAt: string | null;
  content: string;
  mode: string | null;
  intentUrl: string | null;
  scheduledId: string | null;
  replyUrl: string | null;
  aiFallback: string | null;
};

export interface DispatchWorld {
  emulator: XEmulator;
  server: TestServer;
  admin: Client;
  serverNow(): number;
  /** Moves the server's clock to `at` (never back). */
  moveClockTo(at: number): void;
  /** `premium`: the X account is on X Premium (it may post 25,000 characters). */
  userWithX(options?: { premium?: boolean }): Promise<{ client: Client; user: { id: string; username: string }; handle: string; connectedAccountId: string }>;
  newTarget(): Promise<{ id: string; username: string }>;
  scheduleDueNow(client: Client, targetId: string, connectedAccountId: string, content?: string): Promise<{ scheduleId: string; at: number; content: string }>;
  repliesOf(client: Client, query?: string): Promise<{ items: ReplyView[]; total: number; page: number; limit: number }>;
  replyOfSchedule(client: Client, scheduleId: string, done: (r: ReplyView) => boolean): Promise<ReplyView>;
  /** The handle's replies stored on the emulator (not deleted). */
  repliesOnX(handle: string): { id: string; replyToId?: string; text: string }[];
  close(): Promise<void>;
}

/**
 * `sharedClock`: the emulator's clock is the server's (posts made after a move are dated after it).
 * `startOffsetMs`: the server's clock starts this far from the real one (negative: behind it, so
 * what it plans minutes ahead is already due for a process on the real clock).
 */
export const startDispatchWorld = async (env: Record<string, string> = {}, options: { sharedClock?: boolean; startOffsetMs?: number } = {}): Promise<DispatchWorld> => {
  const clock = createTestClock(options.startOffsetMs ?? 0);
  const serverNow = clock.now;
  const emulator = await startXEmulator({ host: '127.0.0.1', port: 0, ...(options.sharedClock === true ? { clock: serverNow } : {}) });
  const server = await startTestServer(
    {
      RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey,
      RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret,
      RIPOSTE_X_API_URL: emulator.url,
      RIPOSTE_SCHEDULER_INTERVAL_MS: '100',
      RIPOSTE_X_DETECT_INTERVAL_MS: '200',
      ...env,
    },
    { clock: clock.date },
  );
  const admin = await server.admin();
  /** A user with an X account connected through the emulator's consent page (PIN). */
  const userWithX = async (options: { premium?: boolean } = {}) => {
    const { client, user } = await server.newUser();
    const handle = `x_${uniqueName('u').slice(-10)}`;
    if (options.premium === true) emulator.control.createUser(handle, { premium: true });
    return { client, user, handle, connectedAccountId: await connectXByPin(client, handle) };
  };

  /** A monitored account for a fresh X user of the emulator, added by the admin (seen by users). */
  const newTarget = async () => {
    const username = `t_${uniqueName('t').slice(-10)}`;
    emulator.control.createUser(username);
    const res = await admin.post('/api/accounts', { username, displayName: `Target ${username}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: (res.body as { id: string }).id, username };
  };

  /** A one-time schedule of `client` due in a minute (by the server's clock), then the clock moved past it. */
  const scheduleDueNow = async (client: Client, targetId: string, connectedAccountId: string, content = `Good point ${randomUUID().slice(0, 8)}`) => {
    const template = await client.post('/api/templates', { name: `T ${randomUUID().slice(0, 6)}`, content });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const at = new Date(serverNow() + 60_000);
    at.setUTCSeconds(0, 0);
    at.setUTCMinutes(at.getUTCMinutes() + 2);
    const res = await client.post('/api/schedules', {
      accountId: targetId,
      connectedAccountId,
      templateId: (template.body as { id: string }).id,
      scheduleType: 'scheduled',
      scheduledTime: at.toISOString(),
      isRecurring: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { scheduleId: (res.body as { id: string }).id, at: at.getTime(), content };
  };

  /** Moves the server's clock to `at` (never back). */
  const moveClockTo = (at: number) => clock.moveTo(at + 1_000);

  const repliesOf = async (client: Client, query = '') => {
    const res = await client.get(`/api/replies${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: ReplyView[]; total: number; page: number; limit: number };
  };

  const replyOfSchedule = (client: Client, scheduleId: string, done: (r: ReplyView) => boolean) =>
    eventually(
      async () => (await repliesOf(client)).items.find((r) => r.scheduledId === scheduleId),
      (r) => r !== undefined && done(r),
      `the reply of schedule ${scheduleId}`,
      15_000,
    ) as Promise<ReplyView>;

  const repliesOnX = (handle: string) => {
    try {
      return emulator.control.postsBy(handle).filter((p) => !p.deleted && p.replyToId !== undefined);
    } catch {
      return [];
    }
  };

  return {
    emulator,
    server,
    admin,
    serverNow,
    moveClockTo,
    userWithX,
    newTarget,
    scheduleDueNow,
    repliesOf,
    replyOfSchedule,
    repliesOnX,
    close: async () => {
      await server.close();
      await emulator.close();
    },
  };
};

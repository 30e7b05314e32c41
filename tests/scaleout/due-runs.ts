/**
 * Many one-time runs due at once, for the multi-process dispatch test and bench:scaleout: one user,
 * one connected X account (tokens sealed by the installation's vault) and one monitored target per
 * run, so no account meets X's posting limits. Each target has one post that mentions its connected
 * account (a direct reply is allowed under X's 2026 rule). Written straight through the command
 * handlers into the installation's event store; the X side is a state file for the emulator.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tokenBinding, type TokenVault } from '@adapters/crypto-tokens';
import { LIVE_WORKER, snowflake } from '@adapters/x-emulator/ids';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import type { Decider } from '@core/shared/decider';
import { accountInputSchema, monitoredAccountDecider, monitoredAccountStream, SYSTEM_ACTOR } from '@core/monitoring';
import { scheduleDecider, scheduleStream } from '@core/scheduling';
import { userDecider, userStream } from '@core/users';
import { asSealed, xAccountDecider, xAccountStream } from '@core/x-accounts';

export interface Seat {
  userId: string;
  accountId: string;
  targetId: string;
  xUserId: string;
  username: string;
  targetXUserId: string;
  targetUsername: string;
  postId: string;
  token: string;
  secret: string;
}

/** `count` seats; `tag` keeps the handles of two seedings on one X apart. */
export const seatsFor = (count: number, tag: string, postAt = Date.now() - 10 * 60_000): Seat[] =>
  Array.from({ length: count }, (_, i) => ({
    userId: randomUUID(),
    accountId: randomUUID(),
    targetId: randomUUID(),
    xUserId: String(2_000_000_000 + i),
    username: `${tag}_c${String(i).padStart(5, '0')}`,
    targetXUserId: String(3_000_000_000 + i),
    targetUsername: `${tag}_t${String(i).padStart(5, '0')}`,
    postId: snowflake(postAt + i, LIVE_WORKER, i + 1),
    token: `${2_000_000_000 + i}-${randomBytes(15).toString('base64url')}`,
    secret: randomBytes(24).toString('base64url'),
  }));

/** The emulator's world for `seats` (adapters/x-emulator/persist.ts): users, access tokens, one post per target. */
export const writeXWorld = (file: string, seats: Seat[], postAt = Date.now() - 10 * 60_000): void => {
  const user = (id: string, username: string) => ({
    id,
    username,
    displayName: username,
    description: '',
    profileImageUrl: `https://pbs.twimg.com/profile_images/emulator/${username}_normal.png`,
    verified: false,
    followers: 100,
    createdAt: Date.UTC(2015, 0, 1),
    suspended: false,
    premium: false,
  });
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      users: seats.flatMap((s) => [user(s.xUserId, s.username), user(s.targetXUserId, s.targetUsername)]),
      accessTokens: seats.map((s) => ({ token: s.token, secret: s.secret, consumerKey: SANDBOX_APP.consumerKey, userId: s.xUserId, revoked: false })),
      posts: seats.map((s, i) => ({
        id: s.postId,
        authorId: s.targetXUserId,
        text: `@${s.username} what do you make of the figures for week ${i}?`,
        createdAt: postAt + i,
        conversationId: s.postId,
        replySettings: 'everyone',
        mediaKeys: [],
        deleted: false,
      })),
      deleted: [],
    }),
  );
};

const exec = <C, E extends { type: string; data: unknown }, S>(store: EventStore, stream: string, decider: Decider<C, E, S>, command: C) =>
  handleCommand(store, stream, decider, command, {
    metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: new Date().toISOString() },
    newId: randomUUID,
  });

/** Side by side in chunks, so the store's group commit writes each chunk in a few transactions. */
const inChunks = async (seats: Seat[], work: (s: Seat, i: number) => Promise<unknown>) => {
  for (let i = 0; i < seats.length; i += 100) await Promise.all(seats.slice(i, i + 100).map((s, j) => work(s, i + j)));
};

/** Users, their connected X accounts (sealed by `vault`) and the monitored targets. */
export const seedSeats = async (store: EventStore, vault: TokenVault, seats: Seat[]): Promise<void> => {
  await inChunks(seats, (s) =>
    exec(store, userStream(s.userId), userDecider, {
      type: 'Register',
      id: s.userId,
      username: `u_${s.username}`,
      passwordHash: null,
      passwordChangeRequired: true,
      createdBy: null,
      now: new Date().toISOString(),
    }),
  );
  await inChunks(seats, async (s) => {
    await vault.prepare(s.accountId, true);
    return exec(store, xAccountStream(s.accountId), xAccountDecider, {
      type: 'ConnectXAccount',
      accountId: s.accountId,
      userId: s.userId,
      profile: { xUserId: s.xUserId, username: s.username, displayName: s.username, profilePicture: null },
      tokens: {
        accessToken: asSealed(vault.encrypt(s.token, tokenBinding(s.userId, s.accountId, 'xAccessToken'))),
        accessSecret: asSealed(vault.encrypt(s.secret, tokenBinding(s.userId, s.accountId, 'xAccessSecret'))),
      },
      via: 'pin',
      now: new Date().toISOString(),
    });
  });
  await inChunks(seats, (s) =>
    exec(store, monitoredAccountStream(s.targetId), monitoredAccountDecider, {
      type: 'AddMonitoredAccount',
      accountId: s.targetId,
      actor: SYSTEM_ACTOR,
      input: accountInputSchema.parse({ username: s.targetUsername, displayName: s.targetUsername, xUserId: s.targetXUserId }),
    }),
  );
};

/** One plain-text schedule per seat, due at `at`; its text names the seat so each post on X is traceable. */
export const seedSchedulesDueAt = async (store: EventStore, seats: Seat[], at: Date): Promise<string[]> => {
  const ids: string[] = [];
  await inChunks(seats, (s, i) => {
    const scheduleId = randomUUID();
    ids.push(scheduleId);
    return exec(store, scheduleStream(scheduleId), scheduleDecider, {
      type: 'CreateSchedule',
      scheduleId,
      userId: s.userId,
      now: new Date().toISOString(),
      timeZone: 'UTC',
      draft: {
        targetAccountId: s.targetId,
        targetUsername: s.targetUsername,
        connectedAccountId: s.accountId,
        accountName: s.username,
        content: { kind: 'text', text: `Reply ${i} from ${s.username}: a fair point, and the numbers agree.` },
        imageUrl: null,
        plan: { kind: 'once', at: at.toISOString() },
      },
    });
  });
  return ids;
};

/**
 * Many one-time runs due at once, for the multi-process dispatch test: one user,
 * one connected X account (tokens sealed by the installation's vault) and one monitored target per
 * run, so no account meets X's posting limits. Each target has one post that mentions its connected
 * account (a direct reply is allowed under X's 2026 rule). Written straight through the
 * deciders into the installation's event store; the X side is a state file for the emulator.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tokenBinding, type TokenVault } from '@adapters/crypto-tokens';
import { LIVE_WORKER, snowflake } from '@adapters/x-emulator/ids';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore, StreamAppend } from '@core/eventstore/types';
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

const metadata = () => ({ actor: 'system', correlationId: randomUUID(), causationId: null, time: new Date().toISOString() });

/**
 * New streams written in bulk: each command decided on its stream's empty state, then (where the
 * store can) a few hundred streams per transaction; 1,500 appends one by one took over a minute on
 * the loaded test machine. Elsewhere (KurrentDB) through the command handler, 100 side by side.
 */
const writeNew = async <C, E extends { type: string; data: unknown }, S>(store: EventStore, decider: Decider<C, E, S>, items: { stream: string; command: C }[]) => {
  const appendMany = store.appendMany?.bind(store);
  if (appendMany === undefined) {
    for (let i = 0; i < items.length; i += 100) {
      await Promise.all(items.slice(i, i + 100).map(({ stream, command }) => handleCommand(store, stream, decider, command, { metadata: metadata(), newId: randomUUID })));
    }
    return;
  }
  const appends: StreamAppend[] = items.map(({ stream, command }) => ({
    stream,
    expectedRevision: 'no_stream',
    events: decider.decide(command, decider.initialState()).map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadata() })),
  }));
  for (let i = 0; i < appends.length; i += 250) await appendMany(appends.slice(i, i + 250));
};

/** Users, their connected X accounts (sealed by `vault`) and the monitored targets. */
export const seedSeats = async (store: EventStore, vault: TokenVault, seats: Seat[]): Promise<void> => {
  await writeNew(
    store,
    userDecider,
    seats.map((s) => ({
      stream: userStream(s.userId),
      command: {
        type: 'Register' as const,
        id: s.userId,
        username: `u_${s.username}`,
        passwordHash: null,
        passwordChangeRequired: true,
        createdBy: null,
        now: new Date().toISOString(),
      },
    })),
  );
  // Each account's data key is made in the shared store before its tokens are sealed with it.
  for (let i = 0; i < seats.length; i += 100) await Promise.all(seats.slice(i, i + 100).map((s) => vault.prepare(s.accountId, true)));
  await writeNew(
    store,
    xAccountDecider,
    seats.map((s) => ({
      stream: xAccountStream(s.accountId),
      command: {
        type: 'ConnectXAccount' as const,
        accountId: s.accountId,
        userId: s.userId,
        profile: { xUserId: s.xUserId, username: s.username, displayName: s.username, profilePicture: null },
        tokens: {
          accessToken: asSealed(vault.encrypt(s.token, tokenBinding(s.userId, s.accountId, 'xAccessToken'))),
          accessSecret: asSealed(vault.encrypt(s.secret, tokenBinding(s.userId, s.accountId, 'xAccessSecret'))),
        },
        via: 'pin' as const,
        now: new Date().toISOString(),
      },
    })),
  );
  await writeNew(
    store,
    monitoredAccountDecider,
    seats.map((s) => ({
      stream: monitoredAccountStream(s.targetId),
      command: {
        type: 'AddMonitoredAccount' as const,
        accountId: s.targetId,
        actor: SYSTEM_ACTOR,
        input: accountInputSchema.parse({ username: s.targetUsername, displayName: s.targetUsername, xUserId: s.targetXUserId }),
      },
    })),
  );
};

/** One plain-text schedule per seat, due at `at`; its text names the seat so each post on X is traceable. */
export const seedSchedulesDueAt = async (store: EventStore, seats: Seat[], at: Date): Promise<string[]> => {
  const ids = seats.map(() => randomUUID());
  await writeNew(
    store,
    scheduleDecider,
    seats.map((s, i) => ({
      stream: scheduleStream(ids[i] as string),
      command: {
        type: 'CreateSchedule' as const,
        scheduleId: ids[i] as string,
        userId: s.userId,
        now: new Date().toISOString(),
        timeZone: 'UTC',
        draft: {
          targetAccountId: s.targetId,
          targetUsername: s.targetUsername,
          connectedAccountId: s.accountId,
          accountName: s.username,
          content: { kind: 'text' as const, text: `Reply ${i} from ${s.username}: a fair point, and the numbers agree.` },
          imageUrl: null,
          plan: { kind: 'once' as const, at: at.toISOString() },
        },
      },
    })),
  );
  return ids;
};

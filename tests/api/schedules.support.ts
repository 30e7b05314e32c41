/**
 * What the schedule API tests need around a real server: targets (the curated monitored accounts
 * seeded at start, or accounts an admin adds over the API) and connected X accounts.
 *
 * Connected accounts are made through real events: the X accounts decider (core/x-accounts)
 * decides ConnectXAccount with tokens sealed by the real cipher, appended through a second
 * connection to the server's SQLite event store; the server's projector picks the event up (its
 * subscription polls for other writers) and the account shows in GET /api/connected-accounts.
 * This skips only the OAuth dance with X and the X-user-id reservation, which are the X
 * integration's to test.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { createTokenCipher, tokenKey } from '@adapters/crypto-tokens';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { handleCommand } from '@core/eventstore/command-handler';
import { scheduleDecider, scheduleStream } from '@core/scheduling';
import { userDecider, userStream, type UserCommand } from '@core/users';
import { asSealed, xAccountDecider, xAccountStream } from '@core/x-accounts';
import type { Client, TestServer } from './support';

const cipher = createTokenCipher({ current: tokenKey(randomBytes(32)), previous: [] });

/** Decides `command` on a user's stream with the real users decider, appended to the server's store. */
const decideForUser = async (server: TestServer, userId: string, command: UserCommand): Promise<string[]> => {
  const store = createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' });
  try {
    const result = await handleCommand(store, userStream(userId), userDecider, command, {
      metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: new Date().toISOString() },
      newId: randomUUID,
    });
    return result.events.map((e) => e.type);
  } finally {
    await store.close();
  }
};

/**
 * Ends a user's trial the way the scheduler does (ExpireTrial through the users decider, appended
 * to the server's store), dated 8 days after now so the 7 days are over. The server reads the
 * user from their stream on every request, so the next call sees it.
 */
export const expireTrial = async (server: TestServer, userId: string): Promise<void> => {
  const now = new Date(Date.now() + 8 * 86_400_000).toISOString();
  expect(await decideForUser(server, userId, { type: 'ExpireTrial', now })).toEqual(['TrialEnded']);
};

/**
 * Uses `count` of a trial user's replies the way a sent reply does (ConsumeReply through the users
 * decider, one reply id each). The 25th ends the trial (TrialEnded, replies_used).
 */
export const consumeTrialReplies = async (server: TestServer, userId: string, count: number): Promise<string[]> => {
  const types: string[] = [];
  for (let i = 0; i < count; i += 1)
    types.push(...(await decideForUser(server, userId, { type: 'ConsumeReply', replyId: randomUUID(), legacyUsernames: [], now: new Date().toISOString() })));
  return types;
};

/** Makes a user Premium for 30 days (ActivatePremium through the users decider, as billing does). */
export const activatePremium = async (server: TestServer, userId: string): Promise<void> => {
  const now = new Date();
  const until = new Date(now.getTime() + 30 * 86_400_000).toISOString();
  const types = await decideForUser(server, userId, { type: 'ActivatePremium', until, subscriptionId: `sub-${userId}`, now: now.toISOString() });
  expect(types).toEqual(['PremiumActivated']);
};

/**
 * Records a run of a schedule at its planned slot, as the scheduler's dispatch does (RecordRun
 * through the schedule decider, appended to the store in `dataDir`). A one-shot schedule is
 * executed afterwards. The server's read model follows on its own.
 */
export const recordRun = async (dataDir: string, scheduleId: string, slot: string, outcome: 'sent' | 'failed' = 'sent'): Promise<void> => {
  const store = createSqliteEventStore({ path: join(dataDir, 'events.db'), synchronous: 'NORMAL' });
  try {
    const result = await handleCommand(store, scheduleStream(scheduleId), scheduleDecider, { type: 'RecordRun', scheduleId, now: slot, slot, outcome }, {
      metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: new Date().toISOString() },
      newId: randomUUID,
    });
    expect(result.events.map((e) => e.type)).toEqual(['ScheduleRunRecorded']);
  } finally {
    await store.close();
  }
};

/** Polls until `check` passes (the read side follows the write side). */
export const eventually = async <T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 5000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

let xUserCounter = 1_000_000;

/** Connects an X account `username` to `userId` (real events) and waits until the user sees it. */
export const connectXAccount = async (server: TestServer, userId: string, username: string): Promise<string> => {
  const accountId = randomUUID();
  const store = createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' });
  try {
    const binding = (field: string) => ({ userId, accountId, field });
    await handleCommand(
      store,
      xAccountStream(accountId),
      xAccountDecider,
      {
        type: 'ConnectXAccount',
        accountId,
        userId,
        profile: { xUserId: String((xUserCounter += 1)), username, displayName: `${username} display`, profilePicture: null },
        tokens: {
          accessToken: asSealed(cipher.encrypt(`token-${accountId}`, binding('xAccessToken'))),
          accessSecret: asSealed(cipher.encrypt(`secret-${accountId}`, binding('xAccessSecret'))),
        },
        via: 'pin',
        now: new Date().toISOString(),
      },
      { metadata: { actor: userId, correlationId: randomUUID(), causationId: null, time: new Date().toISOString() }, newId: randomUUID },
    );
  } finally {
    await store.close();
  }
  // Read the server's read database (read-only) rather than an API list: the list calls belong to
  // the X integration; what schedules need is the projected row.
  const read = new Database(join(server.dataDir, 'read.db'), { readonly: true, fileMustExist: true });
  try {
    await eventually(
      async () => {
        const table = read.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'connected_accounts'").get();
        return table === undefined ? 'no connected_accounts table (projection not registered)' : read.prepare('SELECT id FROM connected_accounts WHERE id = ?').get(accountId);
      },
      (row) => typeof row === 'object' && row !== undefined,
      `connected account ${username} in the read model`,
    );
  } finally {
    read.close();
  }
  return accountId;
};

export interface VisibleAccount {
  id: string;
  username: string;
}

/** The monitored accounts this client may target (the curated ones to begin with). */
export const visibleTargets = async (client: Client): Promise<VisibleAccount[]> => {
  const res = await client.get('/api/accounts');
  expect(res.status).toBe(200);
  const body = res.body as VisibleAccount[] | { accounts: VisibleAccount[] };
  return Array.isArray(body) ? body : body.accounts;
};

/** Makes a monitored account admin-only (the admin's visibility switch), so plain users cannot see it. */
export const hideFromUsers = async (admin: Client, accountId: string): Promise<void> => {
  const hidden = await admin.request('PATCH', `/api/accounts/${accountId}/visibility`, { visibleToLegacy: false, visibleToNormal: false, adminOnly: true });
  expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
};

/** A multipart body with one file part, as a browser's FormData would send it. */
export const multipart = (field: string, fileName: string, contentType: string, bytes: Buffer) => {
  const boundary = `----riposte${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, bytes, tail]), head, tail };
};

/** A tiny valid PNG (1x1, transparent). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The UTC date `days` from now, as the bulk forms send it (YYYY-MM-DD). */
export const dateIn = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A valid Bulk Replies entry: a custom text at the morning slot of a one-time day; `overrides` win. */
export const bulkEntry = (accountId: string, connectedAccountId: string, overrides: Record<string, unknown> = {}) => ({
  accountId,
  connectedAccountId,
  templateSourceType: 'custom',
  isRecurring: false,
  recurringType: 'daily',
  scheduledDate: dateIn(3),
  scheduledTime: 'morning',
  useCustomTime: false,
  useAI: false,
  viralStyle: 'savage_comeback',
  customReplyText: 'A bulk reply',
  ...overrides,
});

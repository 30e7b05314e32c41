/**
 * A bulk batch stays all or none across a crash of the server writing it. A process that dies
 * part-way leaves exactly this in the store: some entries' ScheduleCreated events carrying the batch
 * id, and no ScheduleBatchCompleted. Those events are written here to the server's real store (as
 * the dead process had), and the running server must not show them anywhere; once the batch is
 * older than BATCH_ABANDON_AFTER_MS, its embedded scheduler's recovery job abandons the batch and
 * deletes them. A completion that arrives after that is refused (only one ending is ever written).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { WrongExpectedRevisionError } from '@core/eventstore/errors';
import { BATCH_ABANDON_AFTER_MS, decideSchedule, scheduleBatchStream, scheduleStream } from '@core/scheduling';
import { startTestServer, type Client, type TestServer } from './support';
import { connectXAccount, eventually, visibleTargets } from './schedules.support';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let server: TestServer;
let legacy: Client;
let userId: string;
let x: string;
let target: string;

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'embedded', RIPOSTE_SCHEDULER_INTERVAL_MS: '50' }, { clock });
  const made = await server.newUser();
  legacy = made.client;
  userId = made.user.id;
  const admin = await server.admin();
  expect((await admin.put(`/api/admin/users/${userId}/role`, { role: 'legacy' })).status).toBe(200);
  x = await connectXAccount(server, userId, 'crash_x');
  target = (await visibleTargets(legacy))[0]!.id;
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const metadata = () => ({ actor: userId, correlationId: randomUUID(), causationId: null, time: clock().toISOString() });

/** What a server that died after writing `written` of a batch's entries left in the store. */
const leaveHalfABatch = async (written: number): Promise<{ batchId: string; ids: string[] }> => {
  const store = createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' });
  const batchId = randomUUID();
  const ids: string[] = [];
  try {
    for (let i = 0; i < written; i += 1) {
      const scheduleId = randomUUID();
      const events = decideSchedule(
        {
          type: 'CreateSchedule',
          scheduleId,
          userId,
          now: clock().toISOString(),
          timeZone: 'UTC',
          batchId,
          draft: { targetAccountId: target, connectedAccountId: x, content: { kind: 'text', text: `entry ${i}` }, imageUrl: null, plan: { kind: 'immediate' } },
        },
        { status: 'none' },
      );
      await store.append(scheduleStream(scheduleId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadata() })), 'no_stream');
      ids.push(scheduleId);
    }
  } finally {
    await store.close();
  }
  return { batchId, ids };
};

const rowsOf = (ids: string[]) => {
  const db = new Database(join(server.dataDir, 'read.db'), { readonly: true, fileMustExist: true });
  try {
    return ids.map((id) => db.prepare<[string], { pending_batch: string | null; deleted_at: string | null }>('SELECT pending_batch, deleted_at FROM schedules WHERE id = ?').get(id));
  } finally {
    db.close();
  }
};

describe('a bulk batch cut short by a crash', () => {
  it('is never shown, then is abandoned and deleted by the recovery job', async () => {
    const good = await legacy.post('/api/bulk-replies/batch', {
      entries: [{ accountId: target, connectedAccountId: x, scheduledDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), scheduledTime: 'lunch', customReplyText: 'Complete batch' }],
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const before = ((await legacy.get('/api/schedules')).body as { id: string }[]).map((s) => s.id);
    const metricsBefore = (await legacy.get('/api/metrics/overview')).body as { scheduledReplies: number };

    const { batchId, ids } = await leaveHalfABatch(2);
    // The server has projected them (its subscription sees the other writer)...
    await eventually(async () => rowsOf(ids), (rows) => rows.every((r) => r?.pending_batch === batchId), 'the half batch in the read model');
    // ...and shows none of them: not in the lists, not by id, not in the counts.
    expect(((await legacy.get('/api/schedules')).body as { id: string }[]).map((s) => s.id)).toEqual(before);
    expect(((await legacy.get('/api/v2/schedules')).body as { schedules: { id: string }[] }).schedules.map((s) => s.id)).toEqual(before);
    expect((await legacy.get(`/api/schedules/${ids[0]}`)).status).toBe(404);
    expect(((await legacy.get('/api/metrics/overview')).body as { scheduledReplies: number }).scheduledReplies).toBe(metricsBefore.scheduledReplies);

    // Not before its time: a batch in progress is left alone.
    await new Promise((r) => setTimeout(r, 300));
    expect(rowsOf(ids).every((r) => r?.deleted_at === null)).toBe(true);

    // Later than any request could take: the recovery abandons the batch and deletes the entries.
    offsetMs = BATCH_ABANDON_AFTER_MS + 60_000;
    await eventually(async () => rowsOf(ids), (rows) => rows.every((r) => r?.deleted_at !== null), 'the half batch deleted', 10_000);
    expect(((await legacy.get('/api/schedules')).body as { id: string }[]).map((s) => s.id)).toEqual(before);

    // The batch stream says how it ended, and a late completion can no longer be written.
    const store = createSqliteEventStore({ path: join(server.dataDir, 'events.db'), synchronous: 'NORMAL' });
    try {
      const ending = await store.readStream(scheduleBatchStream(batchId));
      expect(ending.map((e) => [e.type, e.data])).toEqual([['ScheduleBatchAbandoned', { batchId, userId, scheduleIds: expect.arrayContaining(ids) as unknown }]]);
      await expect(
        store.append(scheduleBatchStream(batchId), [{ id: randomUUID(), type: 'ScheduleBatchCompleted', data: { batchId, userId, scheduleIds: ids }, metadata: metadata() }], 'no_stream'),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    } finally {
      await store.close();
    }
  }, 30_000);
});

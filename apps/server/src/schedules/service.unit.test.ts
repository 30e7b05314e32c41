// The bulk batch's all-or-none write path on the in-memory store: a store that fails part-way
// leaves no schedule behind (the entries written are abandoned and deleted, the batch never
// completes), and a batch ends exactly one way even when the recovery races the writer.
import { DEFAULT_SCHEDULE_CAPS } from '@core/scheduling/access';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createLogger } from '@adapters/logging';
import type { EventStore } from '@core/eventstore/types';
import { fold } from '@core/shared/decider';
import { abandonScheduleBatch, scheduleBatchStream, scheduleDecider, scheduleStream, type ScheduleDraft } from '@core/scheduling';
import { userDecider, type UserEvent } from '@core/users';
import { registered, T0 } from '@core/users/test-fixtures';
import type { ScheduleLookups } from './lookups';
import { createSchedulesService } from './service';

const NOW = new Date(Date.parse(T0) + 60_000);
const state = fold(userDecider, [registered({ role: 'admin' }) as UserEvent]);
if (state.status !== 'registered') throw new Error('fixture');
const user = state.user;

// The read side as the service sees it: every reference exists and is the user's.
const lookups: ScheduleLookups = {
  target: (_u, id) => ({ id, name: `target_${id}`, monitored: true }),
  connectedAccount: (_u, id) => ({ id, name: `x_${id}` }),
  template: (_u, id) => ({ id, name: id }),
  templateGroup: (_u, id) => ({ id, name: id }),
  imageAllowed: () => Promise.resolve(true),
  scheduleCount: () => 0,
};

const draft = (i: number): ScheduleDraft => ({ targetAccountId: `t${i}`, connectedAccountId: 'c', content: { kind: 'text', text: `entry ${i}` }, imageUrl: null, plan: { kind: 'immediate' } });

/**
 * The memory store without its multi-stream append (as KurrentDB), failing the `failAt`-th append
 * to a schedule stream (1-based).
 */
const failingStore = (failAt: number): EventStore => {
  const inner = createMemoryEventStore();
  let scheduleAppends = 0;
  return {
    ...inner,
    appendMany: undefined,
    kind: inner.kind,
    readStream: inner.readStream.bind(inner),
    readAll: inner.readAll.bind(inner),
    subscribe: inner.subscribe.bind(inner),
    close: inner.close.bind(inner),
    append: async (stream, events, expected) => {
      if (stream.startsWith('schedule-') && events.some((e) => e.type === 'ScheduleCreated')) {
        scheduleAppends += 1;
        if (scheduleAppends === failAt) throw new Error('disk full');
      }
      return inner.append(stream, events, expected);
    },
  };
};

const service = (store: EventStore) =>
  createSchedulesService({ store, lookups, tierConfig: { legacyUsernames: [] }, caps: DEFAULT_SCHEDULE_CAPS, logger: createLogger({ level: 'silent', name: 'test' }), clock: () => NOW });

const ctx = { actor: user.id, correlationId: 'c1' };

describe('createBatch', () => {
  it('writes every entry and then the completion', async () => {
    const store = createMemoryEventStore();
    const written = await service(store).createBatch(user, [draft(1), draft(2), draft(3)], ctx);
    expect(written).toHaveLength(3);
    const all = await store.readAll();
    expect(all.map((e) => e.type)).toEqual(['ScheduleCreated', 'ScheduleCreated', 'ScheduleCreated', 'ScheduleBatchCompleted']);
    const batchId = (all[0]!.data as { batchId: string }).batchId;
    expect(all.every((e) => e.type !== 'ScheduleCreated' || (e.data as { batchId: string }).batchId === batchId)).toBe(true);
    expect(all[3]!.data).toEqual({ batchId, userId: user.id, scheduleIds: written.map((w) => w.id) });
    // Every answer waits for the completion (the entries are visible only from then on).
    expect(new Set(written.map((w) => w.position))).toEqual(new Set([all[3]!.position]));
  });

  it('on a store with appendMany, writes the batch in one call, and a part refused leaves nothing at all', async () => {
    const inner = createMemoryEventStore();
    let calls = 0;
    const store: EventStore = {
      ...inner,
      append: () => Promise.reject(new Error('a batch must not append entry by entry here')),
      appendMany: (parts) => {
        calls += 1;
        // The third entry's stream has moved meanwhile: the store refuses that part.
        return inner.appendMany!(parts.map((p, i) => (i === 2 && calls === 2 ? { ...p, expectedRevision: 0n } : p)));
      },
    };
    expect(await service(store).createBatch(user, [draft(1), draft(2), draft(3)], ctx)).toHaveLength(3);
    const before = await store.readAll();
    expect(before.map((e) => e.type)).toEqual(['ScheduleCreated', 'ScheduleCreated', 'ScheduleCreated', 'ScheduleBatchCompleted']);
    await expect(service(store).createBatch(user, [draft(4), draft(5), draft(6), draft(7)], ctx)).rejects.toMatchObject({ code: 'unavailable' });
    expect(await store.readAll()).toEqual(before);
  });

  it('leaves no schedule when the store fails part-way: abandoned, and the entries written deleted', async () => {
    const store = failingStore(3);
    await expect(service(store).createBatch(user, [draft(1), draft(2), draft(3), draft(4)], ctx)).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Failed to schedule bulk replies; nothing was scheduled. Please try again.',
    });
    const all = await store.readAll();
    const created = all.filter((e) => e.type === 'ScheduleCreated').map((e) => (e.data as { scheduleId: string }).scheduleId);
    expect(created).toHaveLength(2);
    for (const id of created) {
      const s = fold(scheduleDecider, (await store.readStream(scheduleStream(id))).map((e) => ({ type: e.type, data: e.data }) as never));
      expect(s.status).toBe('deleted');
    }
    const batchId = (all[0]!.data as { batchId: string }).batchId;
    expect((await store.readStream(scheduleBatchStream(batchId))).map((e) => e.type)).toEqual(['ScheduleBatchAbandoned']);
  });
});

describe('abandonScheduleBatch', () => {
  it('does nothing to a batch that completed, and deletes the entries of one that did not', async () => {
    const store = createMemoryEventStore();
    const schedules = service(store);
    const done = await schedules.createBatch(user, [draft(1)], ctx);
    const batchId = ((await store.readAll())[0]!.data as { batchId: string }).batchId;
    const system = { metadata: () => ({ actor: 'system', correlationId: 'c2', causationId: null, time: NOW.toISOString() }), newId: randomUUID };
    expect(await abandonScheduleBatch(store, { batchId, userId: user.id, scheduleIds: done.map((w) => w.id) }, system)).toBe(false);
    expect((await store.readStream(scheduleBatchStream(batchId))).map((e) => e.type)).toEqual(['ScheduleBatchCompleted']);

    // A batch nobody completed: abandoned once; a second pass finishes deletes that did not land.
    const orphan = { batchId: 'never-completed', userId: user.id, scheduleIds: done.map((w) => w.id) };
    expect(await abandonScheduleBatch(store, orphan, system)).toBe(true);
    expect(await abandonScheduleBatch(store, orphan, system)).toBe(true);
    expect((await store.readStream(scheduleBatchStream('never-completed'))).map((e) => e.type)).toEqual(['ScheduleBatchAbandoned']);
  });
});

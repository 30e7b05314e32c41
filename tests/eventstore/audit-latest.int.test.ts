/**
 * The audit's latest entries are read from the end of the history (adapters/audit latestOf):
 * for a person and a schedule with thousands of events across many streams, the latest `limit`
 * entries (with every filter) are exactly the tail of the full history the old code read, and the
 * store hands out about `limit` events to answer, not thousands (a wrapper counts them).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { latestScheduleHistory, latestUserHistory, scheduleHistory, userHistory, type AuditFilter } from '@adapters/audit';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite';
import { createProjector } from '@adapters/projections-sqlite';
import { auditIndexProjection, historyStreamsOf } from '@adapters/read-models/audit';
import { auditViewsStream } from '@core/audit/events';
import type { EventStore, NewEvent, RecordedEvent } from '@core/eventstore/types';
import { replyStream } from '@core/replies/model';
import { scheduleStream } from '@core/scheduling/schedule';
import { userStream } from '@core/users/streams';

const ALICE = 'alice-id';
const BOB = 'bob-id';
const SCHEDULE = 'sched-1';
const START = Date.parse('2026-03-01T00:00:00Z');

/** Counts the events every read hands out, and the reads (store calls) themselves. */
const counting = (inner: EventStore) => {
  let events = 0;
  let calls = 0;
  let batches = 0;
  const store: EventStore = {
    ...inner,
    readStream: async (stream, options) => {
      calls += 1;
      const read = await inner.readStream(stream, options);
      events += read.length;
      return read;
    },
    readStreams: async (streams, options) => {
      calls += 1;
      batches += 1;
      const read = await inner.readStreams(streams, options);
      events += read.reduce((n, r) => n + r.length, 0);
      return read;
    },
    readAll: async (options) => {
      calls += 1;
      const read = await inner.readAll(options);
      events += read.length;
      return read;
    },
  };
  return {
    store,
    read: () => events,
    calls: () => calls,
    batches: () => batches,
    reset: () => {
      events = 0;
      calls = 0;
      batches = 0;
    },
  };
};

const setUp = async () => {
  const inner = createSqliteEventStore({ path: ':memory:' });
  let tick = 0;
  const event = (type: string, data: Record<string, unknown>, actor: string | null): NewEvent => ({
    id: randomUUID(),
    type,
    data,
    metadata: { actor, correlationId: randomUUID(), causationId: null, time: new Date(START + tick++ * 60_000).toISOString() },
  });
  const put = (stream: string, e: NewEvent) => inner.append(stream, [e], 'any');
  await put(userStream(ALICE), event('UserRegistered', { id: ALICE, username: 'alice' }, null));
  await put(userStream(BOB), event('UserRegistered', { id: BOB, username: 'bob' }, null));
  await put(scheduleStream(SCHEDULE), event('ScheduleCreated', { userId: ALICE, scheduleId: SCHEDULE }, ALICE));
  // Interleaved: alice's sign-ins, her templates, bob's events (some in alice's template streams),
  // the schedule's runs and their replies, and looks at the schedule and at alice.
  for (let i = 0; i < 1500; i++) {
    const template = `template-${i % 40}`;
    await put(userStream(ALICE), event('UserLoggedIn', { at: 'x' }, ALICE));
    if (i % 3 === 0) await put(template, event(i < 40 ? 'TemplateCreated' : 'TemplateUpdated', { userId: ALICE, templateId: template }, ALICE));
    if (i % 5 === 0) await put(template, event('TemplateUpdated', { userId: ALICE, templateId: template }, BOB));
    if (i % 4 === 0) await put(userStream(BOB), event('UserLoggedIn', { at: 'x' }, BOB));
    if (i % 7 === 0) await put(`template-bob-${i % 10}`, event('TemplateUpdated', { userId: BOB, templateId: `bob-${i % 10}` }, i % 14 === 0 ? ALICE : BOB));
    if (i % 6 === 0) {
      const replyId = `reply-${i}`;
      await put(scheduleStream(SCHEDULE), event('ScheduleRunClaimed', { userId: ALICE, scheduleId: SCHEDULE, replyId }, 'scheduler'));
      await put(replyStream(replyId), event('ReplyPrepared', { userId: ALICE, replyId }, 'scheduler'));
      await put(replyStream(replyId), event('ReplySent', { userId: ALICE, replyId }, 'scheduler'));
    }
    if (i % 50 === 0) {
      const subject = i % 100 === 0 ? { subjectKind: 'schedule', subject: SCHEDULE } : { subjectKind: 'user', subject: 'alice' };
      await put(auditViewsStream(ALICE), event('AuditViewed', { viewerId: BOB, subjectUserId: ALICE, ...subject }, BOB));
    }
  }
  const projector = createProjector({ store: inner, path: ':memory:', projections: [auditIndexProjection] });
  await projector.start();
  await projector.waitFor((await inner.readAll()).at(-1)!.position);
  return { inner, db: projector.db, projector };
};

const ids = (events: readonly RecordedEvent[]) => events.map((e) => `${e.streamName}@${e.revision}`);

describe('the latest entries of an audit history', () => {
  it('are the tail of the whole history, for a person and a schedule, with every filter, reading about as many events as asked', async () => {
    const { inner, db, projector } = await setUp();
    const { store, read, reset } = counting(inner);
    const deps = { store, db };
    const wholeStore = (await inner.readAll()).length;
    expect(wholeStore).toBeGreaterThan(3500);
    const filters: AuditFilter[] = [
      {},
      { types: ['TemplateUpdated'] },
      { types: ['AuditViewed', 'ReplySent'] },
      { from: new Date(START + 600 * 60_000).toISOString(), to: new Date(START + 2000 * 60_000).toISOString() },
      { from: '2999-01-01T00:00:00.000Z' },
    ];
    for (const filter of filters) {
      for (const limit of [1, 50, 500, 5000]) {
        for (const [name, whole, latest] of [
          ['user', () => userHistory(deps, ALICE, filter), () => latestUserHistory(deps, ALICE, filter, limit)],
          ['schedule', () => scheduleHistory(deps, SCHEDULE, filter), () => latestScheduleHistory(deps, SCHEDULE, filter, limit)],
        ] as const) {
          reset();
          const all = await whole();
          const readForAll = read();
          reset();
          const page = await latest();
          const readForPage = read();
          const at = { name, filter, limit };
          expect({ ...at, events: ids(page.events) }).toEqual({ ...at, events: ids(all.slice(-limit)) });
          expect({ ...at, truncated: page.truncated, total: page.total }).toEqual({
            ...at,
            truncated: all.length > limit,
            total: all.length > limit ? null : all.length,
          });
          // An unfiltered page of a long history reads a small part of it: the pages grow from 1
          // event per stream to 1,024, so the reads stay within a few times the limit plus the
          // last event of each stream. The schedule's own stream is read whole (its runs name
          // the replies), and each reply's last event.
          if (filter.types === undefined && filter.from === undefined && limit <= 50) {
            if (name === 'user') {
              expect(readForAll).toBeGreaterThan(2000);
              const { owned, actedIn } = historyStreamsOf(db, ALICE);
              expect(readForPage).toBeLessThanOrEqual(owned.length + actedIn.length + 4 * limit + 64);
              expect(readForPage).toBeLessThan(readForAll / 5);
            } else {
              const own = (await inner.readStream(scheduleStream(SCHEDULE))).length;
              const replies = own - 1;
              expect(readForPage).toBeLessThanOrEqual(own + replies + 4 * limit + 64);
              expect(readForPage).toBeLessThan(readForAll);
            }
          }
        }
      }
    }
    // The person's last event: the last event of each of their streams, and the next page of the one it came from.
    reset();
    const last = await latestUserHistory(deps, ALICE, {}, 1);
    const { owned, actedIn } = historyStreamsOf(db, ALICE);
    expect(read()).toBeLessThanOrEqual(owned.length + actedIn.length + 4);
    expect(last.truncated).toBe(true);
    await projector.stop();
    await inner.close();
  });

  it("a schedule's latest entries cost store calls that do not grow with its reply streams (their heads are read in one call)", async () => {
    for (const [name, inner] of [
      ['sqlite', createSqliteEventStore({ path: ':memory:' })],
      ['memory', createMemoryEventStore()],
    ] as const) {
      const { store, calls, batches, reset } = counting(inner);
      let tick = 0;
      const put = (stream: string, type: string, data: Record<string, unknown>, actor: string) =>
        inner.append(stream, [{ id: randomUUID(), type, data, metadata: { actor, correlationId: randomUUID(), causationId: null, time: new Date(START + tick++ * 60_000).toISOString() } }], 'any');
      const runsOf = [100, 300, 900];
      // Schedules alike but for how many runs they made: each run a reply stream of two events, a look every ten runs.
      for (const runs of runsOf) {
        const scheduleId = `sched-${runs}`;
        await put(scheduleStream(scheduleId), 'ScheduleCreated', { userId: `owner-${runs}`, scheduleId }, 'owner');
        for (let i = 0; i < runs; i++) {
          const replyId = `r-${runs}-${i}`;
          await put(scheduleStream(scheduleId), 'ScheduleRunClaimed', { userId: `owner-${runs}`, scheduleId, replyId }, 'scheduler');
          await put(replyStream(replyId), 'ReplyPrepared', { userId: `owner-${runs}`, replyId }, 'scheduler');
          await put(replyStream(replyId), 'ReplySent', { userId: `owner-${runs}`, replyId }, 'scheduler');
          if (i % 10 === 9) await put(auditViewsStream(`owner-${runs}`), 'AuditViewed', { viewerId: BOB, subjectKind: 'schedule', subject: scheduleId, subjectUserId: `owner-${runs}` }, BOB);
        }
      }
      const projector = createProjector({ store: inner, path: ':memory:', projections: [auditIndexProjection] });
      await projector.start();
      const deps = { store, db: projector.db };
      for (const limit of [1, 10, 50]) {
        const callsPerPage: number[] = [];
        for (const runs of runsOf) {
          reset();
          const whole = await scheduleHistory(deps, `sched-${runs}`, {});
          // The whole-history read (the CLI without --limit, and every page before ADR 0040's addendum): one read per reply stream.
          expect({ name, runs, calls: calls() }).toEqual({ name, runs, calls: runs + 2 });
          reset();
          const page = await latestScheduleHistory(deps, `sched-${runs}`, {}, limit);
          expect({ name, runs, limit, events: ids(page.events) }).toEqual({ name, runs, limit, events: ids(whole.slice(-limit)) });
          expect(page.truncated).toBe(true);
          // Its own stream, the heads of every reply stream and of the looks in ONE call, then one
          // more read of a stream only when the merge took all that was read of it (about one per run shown).
          expect({ name, runs, limit, batches: batches() }).toEqual({ name, runs, limit, batches: 1 });
          expect(calls()).toBeLessThanOrEqual(limit + 4);
          callsPerPage.push(calls());
        }
        expect({ name, limit, callsPerPage }).toEqual({ name, limit, callsPerPage: runsOf.map(() => callsPerPage[0]) });
      }
      await projector.stop();
      await inner.close();
    }
  });
});


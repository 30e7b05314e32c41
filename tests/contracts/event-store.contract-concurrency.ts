// Contract: concurrent appends racing on one expected revision (exactly one wins), many appends in
// flight where each fails or succeeds on its own, reservations, and the command handler's retries.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { handleCommand } from '@core/eventstore/command-handler';
import { isWrongExpectedRevision } from '@core/eventstore/errors';
import { isReservationTaken, release, reservationStream, reserve } from '@core/eventstore/reservation';
import type { EventMetadata, EventStore, ExpectedRevision, NewEvent } from '@core/eventstore/types';
import type { Decider } from '@core/shared/decider';
import { isAppError } from '@core/shared/errors';
import type { ContractContext } from './event-store.contract';
import { newEvent, newEvents, uniqueStream } from './event-store.contract-helpers';

const metadata = (): EventMetadata => ({
  actor: 'contract-suite',
  correlationId: randomUUID(),
  causationId: null,
  time: new Date().toISOString(),
});
const context = () => ({ metadata: metadata(), newId: randomUUID });

type CounterEvent = { type: 'Incremented'; data: { by: number } };
const counter: Decider<{ by: number }, CounterEvent, number> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command) => (command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }]),
};

export const registerConcurrencyContract = ({ test, store, features }: ContractContext): void => {
  test('appends racing on one expected revision: exactly one wins (Promise.all)', async () => {
    for (const expected of ['no_stream', 0n] as ExpectedRevision[]) {
      const stream = uniqueStream('race');
      if (expected === 0n) await store().append(stream, [newEvent('Start')], 'no_stream');
      const contenders = newEvents(10, 'Contender');
      const outcomes = await Promise.allSettled(contenders.map((e) => store().append(stream, [e], expected)));
      const winners = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [contenders[i]!.id] : []));
      expect(winners).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(isWrongExpectedRevision(o.reason)).toBe(true);
      const contendersStored = (await store().readStream(stream)).filter((e) => e.type === 'Contender');
      expect(contendersStored.map((e) => e.id)).toEqual(winners);
    }
  });

  test('appends racing on one expected revision, in orders chosen by the fast-check scheduler: exactly one wins', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 3 }), async (s, n, size) => {
        const stream = uniqueStream('race-fc');
        await store().append(stream, [newEvent('Start')], 'no_stream');
        const batches = Array.from({ length: n }, () => newEvents(size, 'Contender'));
        // The scheduler decides when each append starts; the appends themselves run for real.
        const runs = batches.map((batch, i) =>
          s.schedule(Promise.resolve(i), `append #${i}`).then(() => store().append(stream, batch, 0n)),
        );
        const settled = Promise.allSettled(runs);
        await s.waitAll();
        const outcomes = await settled;
        const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        const stored = await store().readStream(stream);
        expect(stored.slice(1).map((e) => e.id)).toEqual(batches[won[0]!]!.map((e) => e.id));
      }),
      { numRuns: features.raceRuns },
    );
  });

  test('64 appends in flight: each succeeds or fails on its own (a stale one does not fail the others)', async () => {
    const streams = Array.from({ length: 32 }, (_, i) => uniqueStream(`inflight-${i}`));
    await Promise.all(streams.map((s) => store().append(s, [newEvent('Start')], 'no_stream')));
    const calls: { stream: string; events: NewEvent[]; expected: bigint; good: boolean }[] = streams.flatMap((stream) => [
      { stream, events: newEvents(3, 'Good'), expected: 0n, good: true },
      { stream: uniqueStream('inflight-stale'), events: newEvents(2, 'Stale'), expected: 7n, good: false },
    ]);
    const outcomes = await Promise.allSettled(calls.map((c) => store().append(c.stream, c.events, c.expected)));
    outcomes.forEach((o, i) => {
      const call = calls[i]!;
      if (call.good) expect(o).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 3n } });
      else expect(o.status === 'rejected' && isWrongExpectedRevision(o.reason)).toBe(true);
    });
    for (const call of calls) {
      const stored = await store().readStream(call.stream);
      expect(stored.map((e) => e.type)).toEqual(call.good ? ['Start', 'Good', 'Good', 'Good'] : []);
    }
  });

  test('reservations: the first owner wins, others are refused, a release frees the value again', async () => {
    const value = `User_${randomUUID().slice(0, 8)}`;
    const first = await reserve(store(), { kind: 'username', value, ownerId: 'u1' }, context());
    expect(first).toMatchObject({ stream: reservationStream('username', value), changed: true });

    const taken = await reserve(store(), { kind: 'username', value: ` ${value.toLowerCase()} `, ownerId: 'u2' }, context()).catch((e: unknown) => e);
    expect(isReservationTaken(taken)).toBe(true);
    expect(taken).toMatchObject({ code: 'conflict', field: 'username', ownerId: 'u1' });

    expect((await reserve(store(), { kind: 'username', value, ownerId: 'u1' }, context())).changed).toBe(false);
    const notOwner = await release(store(), { kind: 'username', value, ownerId: 'u2' }, context()).catch((e: unknown) => e);
    expect(notOwner).toMatchObject({ code: 'forbidden' });

    expect((await release(store(), { kind: 'username', value, ownerId: 'u1' }, context())).changed).toBe(true);
    expect((await reserve(store(), { kind: 'username', value, ownerId: 'u2' }, context())).changed).toBe(true);
    const types = (await store().readStream(reservationStream('username', value))).map((e) => e.type);
    expect(types).toEqual(['ReservationMade', 'ReservationReleased', 'ReservationMade']);
  });

  test('reservations: of many owners racing for one value, exactly one gets it', async () => {
    const value = `racer-${randomUUID()}@example.com`;
    const owners = Array.from({ length: 8 }, (_, i) => `owner-${i}`);
    const outcomes = await Promise.allSettled(owners.map((ownerId) => reserve(store(), { kind: 'email', value, ownerId }, context())));
    const winners = owners.filter((_, i) => outcomes[i]?.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(isReservationTaken(o.reason)).toBe(true);
    const stored = await store().readStream(reservationStream('email', value));
    expect(stored.map((e) => (e.data as { ownerId: string }).ownerId)).toEqual(winners);
  });

  test('the command handler decides again on fresh state after a concurrent write', async () => {
    const stream = uniqueStream('handler');
    await handleCommand(store(), stream, counter, { by: 1 }, context());
    // Another writer slips in between the handler's read and its append.
    let interfered = false;
    const real = store();
    const racy: EventStore = {
      kind: real.kind,
      append: (name, events, expected) => real.append(name, events, expected),
      readAll: (options) => real.readAll(options),
      readStreams: (names, options) => real.readStreams(names, options),
      subscribe: (options) => real.subscribe(options),
      close: () => real.close(),
      readStream: async (name, options) => {
        const read = await real.readStream(name, options);
        if (!interfered) {
          interfered = true;
          await real.append(stream, [newEvent('Incremented', { by: 10 })], 'any');
        }
        return read;
      },
    };
    const result = await handleCommand(racy, stream, counter, { by: 2 }, context());
    expect(result.state).toBe(13);
    expect(result.revision).toBe(2n);
    const stored = await store().readStream(stream);
    expect(stored.map((e) => (e.data as { by: number }).by)).toEqual([1, 10, 2]);

    const quiet = await handleCommand(store(), stream, counter, { by: 0 }, context());
    expect(quiet).toMatchObject({ events: [], state: 13, position: null, revision: 2n });
    const stale = await handleCommand(store(), stream, counter, { by: 1 }, { ...context(), expectedRevision: 0n }).catch((e: unknown) => e);
    expect(isAppError(stale) && stale.code === 'conflict').toBe(true);
    expect(await store().readStream(stream)).toHaveLength(3);
  });
};

/**
 * The EventStore contract: one suite, run against every implementation
 * (tests/contracts/event-store.<store>.int.test.ts). Real differences between stores become
 * `features`, never silent skips. When a target cannot run here (no server), every test is
 * registered as skipped and the reason is printed.
 *
 * Safe on a shared, non-empty server: unique stream names per test, global reads start at a marker
 * the test appended and keep only the test's own streams.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { EventStore } from '@core/eventstore/types';
import { registerAppendContract } from './event-store.contract-append';
import { registerConcurrencyContract } from './event-store.contract-concurrency';
import { registerErasureContract } from './event-store.contract-erasure';
import { registerManyStreamsContract } from './event-store.contract-many';
import { registerMultiStreamContract } from './event-store.contract-multi';
import { registerSubscriptionContract } from './event-store.contract-subscriptions';

export interface EventStoreContractFeatures {
  /**
   * Reusing an event id other than by an identical re-send (an id already in another stream, a
   * partly overlapping re-send, an id twice in one append) is refused with DUPLICATE_EVENT_ID.
   * Default true. KurrentDB only recognises identical recent re-sends to the same stream.
   */
  rejectsReusedEventIds?: boolean;
  /** Events in the single large append (default 5,000; KurrentDB caps one append at 1 MiB by default). */
  largeBatchSize?: number;
  /** How long a test waits for a live event before failing (default 5,000 ms). */
  liveTimeoutMs?: number;
  /** Runs of the fast-check scheduler race (default 15). */
  raceRuns?: number;
  /** The store offers appendMany, atomic across streams (default true). */
  appendsMany?: boolean;
  /** The store offers a snapshot store (default true). */
  keepsSnapshots?: boolean;
  /**
   * How the store erases a deleted account's streams (docs/adr/0028): 'rewrite' in place (SQLite,
   * the default) or 'copy' (redacted copies, then the stream truncated before them: KurrentDB).
   */
  erasure?: 'rewrite' | 'copy';
}

export interface EventStoreContractTarget {
  name: string;
  /** Null to run; otherwise why this target cannot run here (printed, and every test is skipped). */
  skipReason: string | null;
  /** Called once per suite; the suite closes the store at the end. */
  create(): Promise<EventStore>;
  features?: EventStoreContractFeatures;
}

export type ContractTest = (name: string, fn: () => Promise<void>) => void;

export interface ContractContext {
  test: ContractTest;
  /** `test` when the store has the feature; otherwise a skipped test whose title says why. */
  testWhen(feature: boolean, missing: string): ContractTest;
  store(): EventStore;
  features: Required<EventStoreContractFeatures>;
}

export const describeEventStoreContract = (target: EventStoreContractTarget): void => {
  const skipped = target.skipReason !== null;
  const title = skipped ? `EventStore contract: ${target.name} (skipped: ${target.skipReason})` : `EventStore contract: ${target.name}`;

  describe(title, () => {
    if (skipped) console.warn(`[event-store contract] ${target.name}: every test skipped: ${target.skipReason}`);
    let store: EventStore | null = null;

    beforeAll(async () => {
      if (!skipped) store = await target.create();
    });
    afterAll(async () => {
      await store?.close();
    });

    const test: ContractTest = skipped ? (name, fn) => it.skip(name, fn) : (name, fn) => it(name, fn);
    const context: ContractContext = {
      test,
      testWhen: (feature, missing) => (feature ? test : (name, fn) => it.skip(`${name} (not run: ${missing})`, fn)),
      store: () => {
        if (store === null) throw new Error(`The ${target.name} store was not created`);
        return store;
      },
      features: {
        rejectsReusedEventIds: target.features?.rejectsReusedEventIds ?? true,
        largeBatchSize: target.features?.largeBatchSize ?? 5_000,
        liveTimeoutMs: target.features?.liveTimeoutMs ?? 5_000,
        raceRuns: target.features?.raceRuns ?? 15,
        appendsMany: target.features?.appendsMany ?? true,
        keepsSnapshots: target.features?.keepsSnapshots ?? true,
        erasure: target.features?.erasure ?? 'rewrite',
      },
    };

    describe('appends and reads', () => registerAppendContract(context));
    describe('reading several streams at once', () => registerManyStreamsContract(context));
    describe('subscriptions', () => registerSubscriptionContract(context));
    describe('concurrency, reservations and the command handler', () => registerConcurrencyContract(context));
    describe('multi-stream appends and snapshots', () => registerMultiStreamContract(context));
    describe('erasing a deleted account’s streams', () => registerErasureContract(context));
  });
};

// The event-store contract on a real KurrentDB: the server named by KURRENTDB_TEST_URL, or else a
// throwaway container started with testcontainers when a container engine really answers. With
// neither, every test is registered as skipped and the reason is printed (never a silent pass).
// The suite is safe on a server kept between runs: unique stream names, global reads from a marker.
//
//   docker compose up -d kurrentdb
//   KURRENTDB_TEST_URL='kurrentdb://localhost:2113?tls=false' npx vitest run tests/contracts/event-store.kurrentdb.int.test.ts
import { createKurrentEventStore } from '@adapters/eventstore-kurrentdb/index';
import { resolveKurrentTarget } from '../support/kurrentdb-target';
import { describeEventStoreContract } from './event-store.contract';

// The resolution (KURRENTDB_TEST_URL, else testcontainers, else skipped with the reason) is shared
// with the other KurrentDB variants: tests/support/kurrentdb-target.ts.
const { target, skipReason } = await resolveKurrentTarget('the event-store contract');
const url = target?.url ?? null;

describeEventStoreContract({
  name: url === null ? 'kurrentdb' : `kurrentdb (${new URL(url).host})`,
  skipReason,
  create: async () => {
    if (url === null) throw new Error('unreachable: the suite does not create a skipped store');
    return createKurrentEventStore({ connectionString: url });
  },
  features: {
    // KurrentDB recognises an identical re-send to the same stream, but stores an id again when it
    // is reused any other way (another stream, a partly overlapping batch). See the ADR.
    rejectsReusedEventIds: false,
    // The adapter leaves appendMany and snapshots out (the batch keeps its crash-safe protocol and
    // loads fold the whole stream); see docs/adr/0015-bounded-work-per-request.md.
    appendsMany: false,
    keepsSnapshots: false,
    // Events cannot be rewritten: redacted copies, then the stream truncated ($tb) before them.
    erasure: 'copy',
    // A container on a loaded CI machine can be slower to push live events than an embedded file.
    liveTimeoutMs: 10_000,
  },
});

// The contract suite on the in-memory store (used by unit tests elsewhere): it must behave like the real ones.
import { createMemoryEventStore } from '@adapters/eventstore-memory/index';
import { describeEventStoreContract } from './event-store.contract';

// It erases as KurrentDB does (copy-and-truncate), so that half of the erasure contract runs here without a server.
describeEventStoreContract({ name: 'memory', skipReason: null, create: async () => createMemoryEventStore(), features: { erasure: 'copy' } });

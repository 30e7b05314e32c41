// The contract suite on the in-memory store (used by unit tests elsewhere): it must behave like the real ones.
import { createMemoryEventStore } from '@adapters/eventstore-memory/index';
import { describeEventStoreContract } from './event-store.contract';

describeEventStoreContract({ name: 'memory', skipReason: null, create: async () => createMemoryEventStore() });

/** X OAuth requests in flight: the port and its in-memory form live in adapters/x-pending (PostgreSQL's in adapters/shared-postgres). */
export { addressRange, createPendingRequests, MAX_WRONG_PINS, PENDING_LIMITS, PENDING_TTL_MS } from '@adapters/x-pending';
export type { PendingLimits, PendingPurpose, PendingRequest, PendingRequests, PendingStatus } from '@adapters/x-pending';

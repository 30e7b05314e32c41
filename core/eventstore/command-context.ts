/**
 * Who asks and under which request: what every write's events carry as metadata. The server's
 * services and the adapters that write for it (billing, the scheduler's jobs) share it.
 */
import type { EventMetadata } from './types';

export interface CommandContext {
  actor: string | null;
  correlationId: string;
  /**
   * The revision of the changed thing's stream the client saw (an HTTP If-Match). Only the write
   * of that one stream takes it (`expectedOf`); reservations and other streams a write touches
   * beside it must not.
   */
  expectedRevision?: bigint;
}

/** The handleCommand option that makes a stale client's write a conflict, when the client sent one. */
export const expectedOf = (ctx: CommandContext): { expectedRevision?: bigint } =>
  ctx.expectedRevision === undefined ? {} : { expectedRevision: ctx.expectedRevision };

/** The metadata of the events a request writes at `time` (an ISO instant). */
export const commandMetadata = (ctx: CommandContext, time: string): EventMetadata => ({
  actor: ctx.actor,
  correlationId: ctx.correlationId,
  causationId: null,
  time,
});

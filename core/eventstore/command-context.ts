/**
 * Who asks and under which request: what every write's events carry as metadata. The server's
 * services and the adapters that write for it (billing, the scheduler's jobs) share it.
 */
import type { EventMetadata } from './types';

export interface CommandContext {
  actor: string | null;
  correlationId: string;
}

/** The metadata of the events a request writes at `time` (an ISO instant). */
export const commandMetadata = (ctx: CommandContext, time: string): EventMetadata => ({
  actor: ctx.actor,
  correlationId: ctx.correlationId,
  causationId: null,
  time,
});

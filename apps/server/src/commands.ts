/**
 * What every service's write takes and answers: who asks and under which request (the written
 * events' metadata), and where the write landed, so the route can wait for the read model to pass
 * it before it answers (http/route-helpers.ts `settle`).
 */
import { randomUUID } from 'node:crypto';
import { commandMetadata, expectedOf, type CommandContext } from '@core/eventstore/command-context';
import type { EventMetadata, Position } from '@core/eventstore/types';

export { commandMetadata, expectedOf, type CommandContext };

/** What a write answers (its id by default) and where it landed: null when nothing changed. */
export type Written<What = { id: string }> = What & { position: Position | null };

/** What handleCommand, reserve and release take to write a request's events at the clock's now. */
export const commandOptions = (ctx: CommandContext, clock: () => Date): { metadata: EventMetadata; newId: () => string } => ({
  metadata: commandMetadata(ctx, clock().toISOString()),
  newId: randomUUID,
});

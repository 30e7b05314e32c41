/**
 * What every service's write takes and answers: who asks and under which request (the written
 * events' metadata), and where the write landed, so the route can wait for the read model to pass
 * it before it answers (http/route-helpers.ts `settle`).
 */
import type { Position } from '@core/eventstore/types';

export interface CommandContext {
  actor: string | null;
  correlationId: string;
}

/** What a write answers (its id by default) and where it landed: null when nothing changed. */
export type Written<What = { id: string }> = What & { position: Position | null };

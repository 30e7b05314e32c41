/**
 * What an audit answers, as the CLI's --json and the admin API both show it: a history's entries
 * (one event each, in plain words) and a stream's state as of an event.
 */
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';

export interface AuditEntry {
  position: string;
  stream: string;
  revision: string;
  type: string;
  time: string;
  actor: string | null;
  /** The actor in words (a username, 'the scheduler' ...). */
  actorName: string;
  /** The request (or job run) that caused it: the metadata's correlation id. */
  requestId: string;
  line: string;
  /** Whether its stream has a decider, so a state as of this event can be shown. */
  replayable: boolean;
}

export interface AuditHistory {
  subject: { kind: 'user' | 'schedule'; label: string; userId: string | null };
  /** The latest `limit` entries of the history that match, oldest first. */
  entries: AuditEntry[];
  /**
   * How many entries matched in all when nothing was left out; null when truncated (the history is
   * read from its end and only as far as the limit: docs/adr/0036 addendum).
   */
  total: number | null;
  truncated: boolean;
}

export const auditEntrySchema = describes<AuditEntry>()(
  z.object({
    position: z.string(),
    stream: z.string(),
    revision: z.string(),
    type: z.string(),
    time: z.string(),
    actor: z.string().nullable(),
    actorName: z.string(),
    requestId: z.string(),
    line: z.string(),
    replayable: z.boolean(),
  }),
);

/** What GET /api/admin/audit/users/:username and /schedules/:id answer (openapi: responds). */
export const auditHistorySchema = describes<AuditHistory>()(
  z.object({
    subject: z.object({ kind: z.enum(['user', 'schedule']), label: z.string(), userId: z.string().nullable() }),
    entries: z.array(auditEntrySchema),
    total: z.number().int().nullable(),
    truncated: z.boolean(),
  }),
);

export interface StateAsOf {
  stream: string;
  kind: string;
  /** The last event folded: the moment the state is as of. */
  asOf: { position: string; revision: string; type: string; time: string } | null;
  events: number;
  state: unknown;
}

/** GET /api/admin/audit/state (openapi: responds); `state` is the stream's decider state, any shape. */
export const stateAsOfSchema = describes<StateAsOf>()(
  z.object({
    stream: z.string(),
    kind: z.string(),
    asOf: z.object({ position: z.string(), revision: z.string(), type: z.string(), time: z.string() }).nullable(),
    events: z.number().int(),
    state: z.unknown(),
  }),
);

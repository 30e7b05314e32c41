/**
 * What an admin may ask the audit for, validated once at the edge (the admin API's query string;
 * the web page's search form uses the same rules): a time range, event types, how many entries,
 * and for a replay the stream and the event (store position) to stop at.
 */
import { z } from 'zod';
import { keyCursorOnRequest } from '@core/shared/paging';
import { isWorded } from './wording';

export const AUDIT_ENTRIES_DEFAULT = 500;
export const AUDIT_ENTRIES_MAX = 2000;

export const AUDIT_MESSAGES = {
  from: "'from' must be a time (ISO-8601, e.g. 2026-11-27T09:00:00Z)",
  to: "'to' must be a time (ISO-8601, e.g. 2026-11-27T09:00:00Z)",
  range: "'from' must not be after 'to'",
  type: 'Unknown event type',
  limit: `Limit must be a whole number from 1 to ${AUDIT_ENTRIES_MAX}`,
  stream: 'Name the stream to replay',
  position: 'Pick the event to replay up to (its store position, digits)',
  username: 'Enter a username',
  scheduleId: 'Enter a schedule id',
} as const;

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : one(v));
/** `type=A&type=B` or `type=A,B`: a list of names, blanks dropped. */
const typeList = (v: unknown): string[] => {
  const parts = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return parts.flatMap((p) => (typeof p === 'string' ? p.split(',') : [String(p)])).map((t) => t.trim()).filter((t) => t !== '');
};

const instant = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}/, { error: message })
      .refine((s) => !Number.isNaN(Date.parse(s)), { error: message })
      .transform((s) => new Date(Date.parse(s)).toISOString())
      .optional(),
  );

export const auditHistoryQuerySchema = z
  .object({
    from: instant(AUDIT_MESSAGES.from),
    to: instant(AUDIT_MESSAGES.to),
    type: z.preprocess(
      typeList,
      z
        .array(z.string())
        .max(100, { error: AUDIT_MESSAGES.type })
        .superRefine((types, ctx) => {
          const unknown = types.find((t) => !isWorded(t));
          if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `${AUDIT_MESSAGES.type} '${unknown.slice(0, 60)}'` });
        }),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: AUDIT_MESSAGES.limit })
        .int({ error: AUDIT_MESSAGES.limit })
        .min(1, { error: AUDIT_MESSAGES.limit })
        .max(AUDIT_ENTRIES_MAX, { error: AUDIT_MESSAGES.limit })
        .default(AUDIT_ENTRIES_DEFAULT),
    ),
    // By cursor: each page the `limit` entries before the previous page's oldest (its store position).
    cursor: keyCursorOnRequest,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { error: AUDIT_MESSAGES.range, path: ['from'] });

export type AuditHistoryQuery = z.output<typeof auditHistoryQuerySchema>;

export const auditStateQuerySchema = z.object({
  stream: z.preprocess(one, z.string({ error: AUDIT_MESSAGES.stream }).trim().min(1, { error: AUDIT_MESSAGES.stream }).max(200, { error: AUDIT_MESSAGES.stream })),
  position: z.preprocess(one, z.string({ error: AUDIT_MESSAGES.position }).regex(/^\d{1,20}$/, { error: AUDIT_MESSAGES.position })),
});

export type AuditStateQuery = z.output<typeof auditStateQuerySchema>;

/** The page's search: a username, or a schedule's id. */
export const auditSearchSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), value: z.string().trim().min(1, { error: AUDIT_MESSAGES.username }).max(100, { error: AUDIT_MESSAGES.username }) }),
  z.object({ kind: z.literal('schedule'), value: z.string().trim().min(1, { error: AUDIT_MESSAGES.scheduleId }).max(64, { error: AUDIT_MESSAGES.scheduleId }) }),
]);

export type AuditSearch = z.output<typeof auditSearchSchema>;

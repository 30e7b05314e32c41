/**
 * Cursor paging of list answers (docs/api.md "Paging"). A list route answers at most `limit`
 * items (its default when the client names none); when more follow, the answer carries the
 * cursor of the next page in the `X-Next-Cursor` header (and a `Link: <...>; rel="next"`), and the
 * body keeps the route's own shape, so a client that sends no cursor reads the first page as
 * before. The cursor is opaque to clients: here a position in the route's order, so a list that
 * changes between two pages may show an item twice or skip one that moved.
 */
import { z } from 'zod';

export const PAGING_MESSAGES = {
  cursor: 'The cursor is not valid; start again without one',
  limit: (max: number) => `Limit must be a whole number from 1 to ${max}`,
} as const;

export const encodeCursor = (offset: number): string => `o${offset.toString(36)}`;

const CURSOR = /^o[0-9a-z]{1,10}$/;

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : one(v));

/** `?cursor=&limit=` of a paged list route; `offset` is where the page starts. */
export const pageQuerySchema = (defaultLimit: number, maxLimit: number) =>
  z.object({
    cursor: z.preprocess(
      blank,
      z
        .string({ error: PAGING_MESSAGES.cursor })
        .regex(CURSOR, { error: PAGING_MESSAGES.cursor })
        .transform((c) => Number.parseInt(c.slice(1), 36))
        .optional()
        .describe('Where the page starts: the X-Next-Cursor of the previous answer (absent: the first page)'),
    ),
    limit: z.preprocess(
      blank,
      z.coerce
        .number({ error: PAGING_MESSAGES.limit(maxLimit) })
        .int({ error: PAGING_MESSAGES.limit(maxLimit) })
        .min(1, { error: PAGING_MESSAGES.limit(maxLimit) })
        .max(maxLimit, { error: PAGING_MESSAGES.limit(maxLimit) })
        .default(defaultLimit)
        .describe(`Items per page (default ${defaultLimit}, at most ${maxLimit})`),
    ),
  });

/** The next page's cursor, when more follow this one. */
export const nextCursorOf = (offset: number, limit: number, more: boolean): string | null => (more ? encodeCursor(offset + limit) : null);

/** The page size of the cursor-paged lists (schedules, templates, template groups, a schedule's replies). */
export const LIST_PAGE = { default: 100, max: 500 } as const;

export const listPageQuerySchema = pageQuerySchema(LIST_PAGE.default, LIST_PAGE.max);

/** Where a page starts and how long it is; a read asks for `limit + 1` rows to learn whether more follow. */
export interface PageWindow {
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  more: boolean;
}

/** A page from the `limit + 1` rows read for it. */
export const pageOf = <T>(rows: readonly T[], limit: number): Page<T> => ({ items: rows.slice(0, limit), more: rows.length > limit });

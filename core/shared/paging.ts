/**
 * Cursor paging of list answers (docs/api.md "Paging"). A list route answers at most `limit`
 * items (its default when the client names none); when more follow, the answer carries the
 * cursor of the next page in the `X-Next-Cursor` header (and a `Link: <...>; rel="next"`), and the
 * body keeps the route's own shape, so a client that sends no cursor reads the first page as
 * before. The cursor is opaque to clients. An offset cursor (`o…`) is a position in the route's
 * order, so a list that changes between two pages may show an item twice or skip one that moved.
 * A key cursor (`k…`) names the last item a page showed, and the next page starts after it in a
 * fixed order: items added meanwhile land before the walk's position, so none already there is
 * skipped or shown twice (the lists that grow while being read: reply history, the audit).
 */
import { z } from 'zod';

export const PAGING_MESSAGES = {
  cursor: 'The cursor is not valid; start again without one',
  limit: (max: number) => `Limit must be a whole number from 1 to ${max}`,
} as const;

export const encodeCursor = (offset: number): string => `o${offset.toString(36)}`;

const CURSOR = /^o[0-9a-z]{1,10}$/;

/**
 * A key cursor: `k` and the key of the last item shown (a row id, a store position). The key is
 * the route's to read; it only has to be made of URL-safe characters.
 */
export const encodeKeyCursor = (key: string): string => `k${key}`;

const KEY_CURSOR = /^k[0-9A-Za-z:_-]{1,64}$/;

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : one(v));

/** `?limit=` of a paged list route. */
export const pageLimitField = (defaultLimit: number, maxLimit: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: PAGING_MESSAGES.limit(maxLimit) })
      .int({ error: PAGING_MESSAGES.limit(maxLimit) })
      .min(1, { error: PAGING_MESSAGES.limit(maxLimit) })
      .max(maxLimit, { error: PAGING_MESSAGES.limit(maxLimit) })
      .default(defaultLimit)
      .describe(`Items per page (default ${defaultLimit}, at most ${maxLimit})`),
  );

/** A key cursor's text, read back as its key. */
export const keyCursorSchema = z
  .string({ error: PAGING_MESSAGES.cursor })
  .regex(KEY_CURSOR, { error: PAGING_MESSAGES.cursor })
  .transform((c) => c.slice(1));

/** `?cursor=` of a list paged by key: the key of the last item the previous page showed. */
export const keyCursorField = z.preprocess(
  blank,
  keyCursorSchema.optional().describe('Where the page starts: the X-Next-Cursor of the previous answer (absent: the first page)'),
);

/**
 * `?cursor=` of a list that answers by cursor only when asked (its plain answer keeps the spec's
 * shape and carries no next-page header, which the web app would follow): absent, undefined; empty,
 * null (the first page by cursor); else the key of the last item the previous page showed.
 */
export const keyCursorOnRequest = z
  .preprocess(one, z.union([z.literal('').transform(() => null), keyCursorSchema]).optional())
  .describe('Pages by cursor: empty for the first page, then the X-Next-Cursor of the previous answer');

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
    limit: pageLimitField(defaultLimit, maxLimit),
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

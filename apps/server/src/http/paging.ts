/** The answer's side of core/shared/paging.ts: the next page's cursor in headers, the body as the route shapes it. */
import type { Context } from 'koa';
import { listPageQuerySchema, nextCursorOf, type Page, type PageWindow } from '@core/shared/paging';
import { validated } from './validate';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** Query keys the Link rebuilds itself; the request's other ones (a search, a filter) are kept in it. */
const PAGING_KEYS = new Set(['cursor', 'limit', 'page']);

/** The next page's cursor (when one follows) in X-Next-Cursor and a `Link: <…>; rel="next"`. */
export const answerNextCursor = (ctx: Context, next: string | null, limit: number): void => {
  if (next === null) return;
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(ctx.querystring)) if (!PAGING_KEYS.has(key)) kept.append(key, value);
  const rest = kept.toString();
  ctx.set(NEXT_CURSOR_HEADER, next);
  ctx.set('Link', `<${ctx.path}?cursor=${next}&limit=${limit}${rest === '' ? '' : `&${rest}`}>; rel="next"`);
};

export const answerNextPage = (ctx: Context, page: { offset: number; limit: number; more: boolean }): void =>
  answerNextCursor(ctx, nextCursorOf(page.offset, page.limit, page.more), page.limit);

/**
 * The items of one page of a list route declared with `query(listPageQuerySchema)`: the page the
 * query names is read, and the next one's cursor set in the headers.
 */
export const answerPage = <T>(ctx: Context, read: (window: PageWindow) => Page<T>): T[] => {
  const { cursor = 0, limit } = validated(ctx, listPageQuerySchema);
  const page = read({ offset: cursor, limit });
  answerNextPage(ctx, { offset: cursor, limit, more: page.more });
  return page.items;
};

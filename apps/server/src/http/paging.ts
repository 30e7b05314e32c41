/** The answer's side of core/shared/paging.ts: the next page's cursor in headers, the body as the route shapes it. */
import type { Context } from 'koa';
import { listPageQuerySchema, nextCursorOf, type Page, type PageWindow } from '@core/shared/paging';
import { validated } from './validate';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const answerNextPage = (ctx: Context, page: { offset: number; limit: number; more: boolean }): void => {
  const next = nextCursorOf(page.offset, page.limit, page.more);
  if (next === null) return;
  ctx.set(NEXT_CURSOR_HEADER, next);
  ctx.set('Link', `<${ctx.path}?cursor=${next}&limit=${page.limit}>; rel="next"`);
};

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

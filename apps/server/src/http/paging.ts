/** The answer's side of core/shared/paging.ts: the next page's cursor in headers, the body as the route shapes it. */
import type { Context } from 'koa';
import { nextCursorOf } from '@core/shared/paging';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const answerNextPage = (ctx: Context, page: { offset: number; limit: number; more: boolean }): void => {
  const next = nextCursorOf(page.offset, page.limit, page.more);
  if (next === null) return;
  ctx.set(NEXT_CURSOR_HEADER, next);
  ctx.set('Link', `<${ctx.path}?cursor=${next}&limit=${page.limit}>; rel="next"`);
};

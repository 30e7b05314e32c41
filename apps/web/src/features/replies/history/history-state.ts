// What the Reply History page asks for (spec part 2 §4, §9): the page (first page 1), the page size
// (10, 25, 50 or 100; 25 by default) and the search. A new search or page size starts again at page
// 1; a page past the end (the list shrank) moves back to the last page.

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/** The server's limit on a search (REPLIES-API.md). */
export const MAX_SEARCH_LENGTH = 200;

export type HistoryState = { page: number; limit: PageSize; search: string };

export type HistoryAction =
  | { type: 'search'; search: string }
  | { type: 'limit'; limit: PageSize }
  | { type: 'page'; page: number }
  | { type: 'total'; total: number };

export const initialHistoryState: HistoryState = { page: 1, limit: DEFAULT_PAGE_SIZE, search: '' };

export const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n);

export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(Math.max(0, total) / limit));

/** The search as it is sent: trimmed and cut to what the server accepts. */
export const normaliseSearch = (text: string): string => text.trim().slice(0, MAX_SEARCH_LENGTH);

export function historyReducer(state: HistoryState, action: HistoryAction): HistoryState {
  switch (action.type) {
    case 'search': {
      const search = normaliseSearch(action.search);
      return search === state.search ? state : { ...state, search, page: 1 };
    }
    case 'limit':
      return action.limit === state.limit ? state : { ...state, limit: action.limit, page: 1 };
    case 'page': {
      const page = Math.max(1, Math.floor(action.page));
      return page === state.page || Number.isNaN(page) ? state : { ...state, page };
    }
    case 'total': {
      const last = pageCount(action.total, state.limit);
      return state.page > last ? { ...state, page: last } : state;
    }
  }
}

/** 'Showing 26–50 of 120', or null when nothing is listed. */
export function rangeLabel(page: number, limit: number, shown: number, total: number): string | null {
  if (shown === 0 || total === 0) return null;
  const first = (page - 1) * limit + 1;
  return `Showing ${first}–${first + shown - 1} of ${total}`;
}

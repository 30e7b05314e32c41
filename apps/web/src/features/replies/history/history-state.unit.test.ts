import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, historyReducer, initialHistoryState, isPageSize, normaliseSearch, pageCount, rangeLabel, type HistoryState } from './history-state';

const at = (over: Partial<HistoryState>): HistoryState => ({ ...initialHistoryState, ...over });

describe('Reply History state', () => {
  it('starts on page 1 with 25 replies a page and no search', () => {
    expect(initialHistoryState).toEqual({ page: 1, limit: 25, search: '' });
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect([10, 25, 50, 100].every(isPageSize)).toBe(true);
    expect(isPageSize(20)).toBe(false);
  });

  it('goes back to page 1 on a new search, and stays put when the search did not change', () => {
    const onPage3 = at({ page: 3, search: 'hello' });
    expect(historyReducer(onPage3, { type: 'search', search: 'world' })).toEqual(at({ page: 1, search: 'world' }));
    expect(historyReducer(onPage3, { type: 'search', search: '  hello ' })).toBe(onPage3);
    expect(historyReducer(onPage3, { type: 'search', search: '' })).toEqual(at({ page: 1, search: '' }));
  });

  it('cuts a search to the 200 characters the server accepts', () => {
    expect(normaliseSearch(`  ${'x'.repeat(250)}`)).toHaveLength(200);
  });

  it('goes back to page 1 when the page size changes', () => {
    expect(historyReducer(at({ page: 4 }), { type: 'limit', limit: 100 })).toEqual(at({ page: 1, limit: 100 }));
    const same = at({ page: 4, limit: 50 });
    expect(historyReducer(same, { type: 'limit', limit: 50 })).toBe(same);
  });

  it('never goes below page 1, and moves back to the last page when the list shrank', () => {
    expect(historyReducer(at({ page: 2 }), { type: 'page', page: 0 })).toEqual(at({ page: 1 }));
    expect(historyReducer(at({ page: 5 }), { type: 'total', total: 60 })).toEqual(at({ page: 3 }));
    expect(historyReducer(at({ page: 5 }), { type: 'total', total: 0 })).toEqual(at({ page: 1 }));
    const inside = at({ page: 2 });
    expect(historyReducer(inside, { type: 'total', total: 60 })).toBe(inside);
  });

  it('counts pages and names the rows shown', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(rangeLabel(2, 25, 25, 120)).toBe('Showing 26–50 of 120');
    expect(rangeLabel(5, 25, 20, 120)).toBe('Showing 101–120 of 120');
    expect(rangeLabel(1, 25, 0, 0)).toBeNull();
  });
});

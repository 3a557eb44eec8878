import { parseSearchParams, type SearchState, toFilter, toSearchParams } from '@/shared/vacancies/search-state';

/** The search of `/vacancies` as the URL holds it: its state, the filter to save and the query string without the page. */
export function currentSearch(search: string): { state: SearchState; filter: Record<string, unknown>; query: string } {
  const state = parseSearchParams(new URLSearchParams(search));
  const { page: _page, ...withoutPage } = state;
  return { state, filter: toFilter(state), query: toSearchParams(withoutPage).toString() };
}

import type { components } from '@/shared/api/schema';
import { parseSearchParams, type SearchState, toFilter, toSearchParams } from '@/shared/vacancies/search-state';

export type SearchFilter = components['schemas']['SearchFilter'];

/** The search of `/vacancies` as the URL holds it: its state, the filter to save and the query string without the page. */
export function currentSearch(search: string): { state: SearchState; filter: SearchFilter; query: string } {
  const state = parseSearchParams(new URLSearchParams(search));
  const { page: _page, ...withoutPage } = state;
  // the URL's state is the search's own filter model (search-state.ts), which the API takes as is
  return { state, filter: toFilter(state) as SearchFilter, query: toSearchParams(withoutPage).toString() };
}

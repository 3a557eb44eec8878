import { api, unwrap } from '@/shared/api/client';

import type { SearchPage } from './api';
import { type SearchState, toFilter } from './search-state';

/** `POST /api/open/search`: one page of vacancy cards with disjunctive facet counts. */
export function searchVacancies(state: SearchState, page: number, size: number): Promise<SearchPage> {
  return unwrap(
    api.POST('/api/open/search', {
      params: { query: { page, size } },
      body: toFilter(state) as never,
    }),
  );
}

import type { SearchClient } from 'instantsearch.js';

import { createSearchClient, filterOfParams, type RequestParams } from '@/shared/search/search-client';

import type { SearchPage, VacancyListItem } from './api';
import { FLAG_KEYS, LIST_KEYS, type SearchState } from './search-state';

export type VacancyHit = VacancyListItem & { objectID: string };

/** The filter model of one InstantSearch request: its query, facet filters and salary parameters. */
export function filterOfRequest(params: RequestParams = {}): SearchState {
  const state = filterOfParams(params, { text: 'occupation', lists: LIST_KEYS, flags: FLAG_KEYS }) as SearchState;
  if (typeof params.salaryFrom === 'number') state.salaryFrom = params.salaryFrom;
  if (typeof params.salaryTo === 'number') state.salaryTo = params.salaryTo;
  if (params.salaryPeriod) state.salaryPeriod = params.salaryPeriod;
  return state;
}

/** The vacancy search's client: one `POST /api/open/search` per search, with its salary stats. */
export function createVacancySearchClient(searchPage: (filter: SearchState, page: number, size: number) => Promise<SearchPage>): SearchClient {
  return createSearchClient<SearchState, VacancyListItem, SearchPage>({
    filterOf: filterOfRequest,
    searchPage,
    idOf: (card) => card.vacancyId,
    // read by useSalaryStats: the helper copies the main result's fields onto its results
    extra: (page) => ({ salaryStats: page.salaryStats }),
  });
}

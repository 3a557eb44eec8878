import type { SearchClient } from 'instantsearch.js';

import type { SearchPage, VacancyListItem } from './api';
import { FLAG_KEYS, type FlagKey, LIST_KEYS, type ListKey, type SearchState } from './search-state';

type FacetFilters = string | (string | string[])[];

interface RequestParams {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string | string[];
  facetFilters?: FacetFilters;
  salaryFrom?: number;
  salaryTo?: number;
  salaryPeriod?: string;
}

interface SearchRequest {
  indexName: string;
  params?: RequestParams;
}

export type VacancyHit = VacancyListItem & { objectID: string };

const isList = (key: string): key is ListKey => (LIST_KEYS as readonly string[]).includes(key);
const isFlag = (key: string): key is FlagKey => (FLAG_KEYS as readonly string[]).includes(key);

/** The filter model of one InstantSearch request: its query, facet filters and salary parameters. */
export function filterOfRequest(params: RequestParams = {}): SearchState {
  const state: SearchState = {};
  if (params.query?.trim()) state.occupation = params.query.trim();
  const filters = typeof params.facetFilters === 'string' ? [params.facetFilters] : (params.facetFilters ?? []);
  for (const filter of filters.flat()) {
    const separator = filter.indexOf(':');
    if (separator < 0) continue;
    const key = filter.slice(0, separator);
    const value = filter.slice(separator + 1);
    if (isList(key)) state[key] = [...(state[key] ?? []), value];
    else if (isFlag(key) && value === 'true') state[key] = true;
  }
  if (typeof params.salaryFrom === 'number') state.salaryFrom = params.salaryFrom;
  if (typeof params.salaryTo === 'number') state.salaryTo = params.salaryTo;
  if (params.salaryPeriod) state.salaryPeriod = params.salaryPeriod;
  return state;
}

/** Facet counts as InstantSearch reads them; a flag's count is the count of its "true" value. */
function facetsOf(page: SearchPage, requested: string | string[] | undefined): Record<string, Record<string, number>> {
  const names = requested === undefined ? [] : Array.isArray(requested) ? requested : [requested];
  const all = page.facets as unknown as Record<string, number | Record<string, number> | undefined>;
  const wanted = names.includes('*') ? Object.keys(all) : names;
  const facets: Record<string, Record<string, number>> = {};
  for (const name of wanted) {
    const counts = all[name];
    if (typeof counts === 'number') facets[name] = { true: counts };
    else if (counts) facets[name] = counts;
  }
  return facets;
}

/**
 * A search client that answers every sub-request of one InstantSearch search (the main query and
 * the disjunctive facet requests) from ONE `POST /api/open/search`: the server's facet counts are
 * already disjunctive, so each sub-result takes its facets from the same answer.
 */
export function createVacancySearchClient(
  searchPage: (filter: SearchState, page: number, size: number) => Promise<SearchPage>,
): SearchClient {
  const search = async (requests: readonly SearchRequest[]) => {
    const main = requests.find((request) => (request.params?.hitsPerPage ?? 20) > 0) ?? requests[0];
    const params = main?.params ?? {};
    const size = params.hitsPerPage ?? 20;
    const page = await searchPage(filterOfRequest(params), params.page ?? 0, size);
    const hits: VacancyHit[] = page.content.map((card) => ({ ...card, objectID: card.vacancyId }));
    return {
      results: requests.map((request) => {
        const isMain = request === main;
        return {
          index: request.indexName,
          hits: isMain ? hits : [],
          nbHits: page.totalElements,
          nbPages: page.totalPages,
          page: isMain ? page.page : 0,
          hitsPerPage: isMain ? size : (request.params?.hitsPerPage ?? 0),
          facets: facetsOf(page, request.params?.facets),
          exhaustiveFacetsCount: true,
          exhaustiveNbHits: true,
          processingTimeMS: page.tookMs,
          // read by useSalaryStats: the helper copies the main result's fields onto its results
          salaryStats: page.salaryStats,
          query: request.params?.query ?? '',
          params: '',
        };
      }),
    };
  };
  return { search } as unknown as SearchClient;
}

import type { SearchClient } from 'instantsearch.js';

import type { CvListItem, CvSearchPage } from '../api/types';
import { CV_LIST_KEYS, type CvListKey, type CvSearchState, hasCriteria } from './search-state';

type FacetFilters = string | (string | string[])[];

interface RequestParams {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string | string[];
  facetFilters?: FacetFilters;
}

interface SearchRequest {
  indexName: string;
  params?: RequestParams;
}

export type CvHit = CvListItem & { objectID: string };

const isList = (key: string): key is CvListKey => (CV_LIST_KEYS as readonly string[]).includes(key);

/** The filter model of one InstantSearch request: its text and facet filters. */
export function cvFilterOfRequest(params: RequestParams = {}): CvSearchState {
  const state: CvSearchState = {};
  if (params.query?.trim()) state.search = params.query.trim();
  const filters = typeof params.facetFilters === 'string' ? [params.facetFilters] : (params.facetFilters ?? []);
  for (const filter of filters.flat()) {
    const separator = filter.indexOf(':');
    if (separator < 0) continue;
    const key = filter.slice(0, separator);
    if (isList(key)) state[key] = [...(state[key] ?? []), filter.slice(separator + 1)];
  }
  return state;
}

function facetsOf(page: CvSearchPage | null, requested: string | string[] | undefined): Record<string, Record<string, number>> {
  if (!page) return {};
  const names = requested === undefined ? [] : Array.isArray(requested) ? requested : [requested];
  const all = page.facets as unknown as Record<string, Record<string, number> | undefined>;
  const wanted = names.includes('*') ? Object.keys(all) : names;
  return Object.fromEntries(wanted.flatMap((name) => (all[name] ? [[name, all[name]]] : [])));
}

/**
 * A search client that answers every sub-request of one InstantSearch search from ONE `POST
 * /api/employer/search-cv` (its facet counts are already disjunctive). A search without any
 * criterion is not sent: the server would refuse it, the screen asks for a criterion instead.
 */
export function createCvSearchClient(searchPage: (filter: CvSearchState, page: number, size: number) => Promise<CvSearchPage>): SearchClient {
  const search = async (requests: readonly SearchRequest[]) => {
    const main = requests.find((request) => (request.params?.hitsPerPage ?? 20) > 0) ?? requests[0];
    const params = main?.params ?? {};
    const size = params.hitsPerPage ?? 20;
    const filter = cvFilterOfRequest(params);
    const page = hasCriteria(filter) ? await searchPage(filter, params.page ?? 0, size) : null;
    const hits: CvHit[] = (page?.content ?? []).map((cv) => ({ ...cv, objectID: cv.cvId }));
    return {
      results: requests.map((request) => {
        const isMain = request === main;
        return {
          index: request.indexName,
          hits: isMain ? hits : [],
          nbHits: page?.totalElements ?? 0,
          nbPages: page?.totalPages ?? 0,
          page: isMain ? (page?.page ?? 0) : 0,
          hitsPerPage: isMain ? size : (request.params?.hitsPerPage ?? 0),
          facets: facetsOf(page, request.params?.facets),
          exhaustiveFacetsCount: true,
          exhaustiveNbHits: true,
          processingTimeMS: page?.tookMs ?? 0,
          query: request.params?.query ?? '',
          params: '',
        };
      }),
    };
  };
  return { search } as unknown as SearchClient;
}

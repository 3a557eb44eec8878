import type { SearchClient } from 'instantsearch.js';

type FacetFilters = string | (string | string[])[];

/** What InstantSearch asks of one index (the widgets' parameters, and the vacancy salary's own). */
export interface RequestParams {
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

/** The fields every search answer of the API has (vacancies and CVs alike). */
export interface SearchAnswer<Item> {
  content: Item[];
  totalElements: number;
  totalPages: number;
  page: number;
  tookMs: number;
  facets: object;
}

/** The keys of one search's filter model: where the words go, its lists and its on/off flags. */
export interface FilterKeys {
  text: string;
  lists: readonly string[];
  flags?: readonly string[];
}

/** One search endpoint as InstantSearch sees it. */
export interface SearchEndpoint<Filter, Item, Page extends SearchAnswer<Item>> {
  /** The filter model of the main request. */
  filterOf: (params: RequestParams) => Filter;
  /** One page of results for a filter; `size` hits from zero-based `page`. */
  searchPage: (filter: Filter, page: number, size: number) => Promise<Page>;
  /** A hit's id. */
  idOf: (item: Item) => string;
  /** False: nothing is asked and the answer is empty (the server would refuse the search). */
  shouldSearch?: (filter: Filter) => boolean;
  /** Fields of the answer every sub-result carries besides InstantSearch's own. */
  extra?: (page: Page) => Record<string, unknown>;
}

/** The text and the facet filters of a request, by the keys of a filter model. */
export function filterOfParams(params: RequestParams, keys: FilterKeys): Record<string, string | string[] | true> {
  const filter: Record<string, string | string[] | true> = {};
  if (params.query?.trim()) filter[keys.text] = params.query.trim();
  const filters = typeof params.facetFilters === 'string' ? [params.facetFilters] : (params.facetFilters ?? []);
  for (const facetFilter of filters.flat()) {
    const separator = facetFilter.indexOf(':');
    if (separator < 0) continue;
    const key = facetFilter.slice(0, separator);
    const value = facetFilter.slice(separator + 1);
    if (keys.lists.includes(key)) filter[key] = [...((filter[key] as string[] | undefined) ?? []), value];
    else if (keys.flags?.includes(key) && value === 'true') filter[key] = true;
  }
  return filter;
}

/** Facet counts as InstantSearch reads them; a flag's count is the count of its "true" value. */
function facetsOf(facets: object | undefined, requested: string | string[] | undefined): Record<string, Record<string, number>> {
  if (!facets) return {};
  const names = requested === undefined ? [] : Array.isArray(requested) ? requested : [requested];
  const all = facets as Record<string, number | Record<string, number> | undefined>;
  const wanted = names.includes('*') ? Object.keys(all) : names;
  const counts: Record<string, Record<string, number>> = {};
  for (const name of wanted) {
    const count = all[name];
    if (typeof count === 'number') counts[name] = { true: count };
    else if (count) counts[name] = count;
  }
  return counts;
}

/**
 * A search client that answers every sub-request of one InstantSearch search (the main query and
 * the disjunctive facet requests) from ONE call of the endpoint: the server's facet counts are
 * already disjunctive, so each sub-result takes its facets from the same answer. The vacancy
 * search and the CV database both use it.
 */
export function createSearchClient<Filter, Item, Page extends SearchAnswer<Item>>(endpoint: SearchEndpoint<Filter, Item, Page>): SearchClient {
  const search = async (requests: readonly SearchRequest[]) => {
    const main = requests.find((request) => (request.params?.hitsPerPage ?? 20) > 0) ?? requests[0];
    const params = main?.params ?? {};
    const size = params.hitsPerPage ?? 20;
    const filter = endpoint.filterOf(params);
    const page = (endpoint.shouldSearch?.(filter) ?? true) ? await endpoint.searchPage(filter, params.page ?? 0, size) : null;
    const hits = (page?.content ?? []).map((item) => ({ ...item, objectID: endpoint.idOf(item) }));
    const extra = page && endpoint.extra ? endpoint.extra(page) : {};
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
          facets: facetsOf(page?.facets, request.params?.facets),
          exhaustiveFacetsCount: true,
          exhaustiveNbHits: true,
          processingTimeMS: page?.tookMs ?? 0,
          ...extra,
          query: request.params?.query ?? '',
          params: '',
        };
      }),
    };
  };
  return { search } as unknown as SearchClient;
}

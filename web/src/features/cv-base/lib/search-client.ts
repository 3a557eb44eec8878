import type { SearchClient } from 'instantsearch.js';

import { createSearchClient, filterOfParams, type RequestParams } from '@/shared/search/search-client';

import type { CvListItem, CvSearchPage } from '../api/types';
import { CV_LIST_KEYS, type CvSearchState, hasCriteria } from './search-state';

export type CvHit = CvListItem & { objectID: string };

/** The filter model of one InstantSearch request: its text and facet filters. */
export function cvFilterOfRequest(params: RequestParams = {}): CvSearchState {
  return filterOfParams(params, { text: 'search', lists: CV_LIST_KEYS }) as CvSearchState;
}

/**
 * The CV database's client: one `POST /api/employer/search-cv` per search. A search without any
 * criterion is not sent: the server would refuse it, the screen asks for a criterion instead.
 */
export function createCvSearchClient(searchPage: (filter: CvSearchState, page: number, size: number) => Promise<CvSearchPage>): SearchClient {
  return createSearchClient<CvSearchState, CvListItem, CvSearchPage>({
    filterOf: cvFilterOfRequest,
    searchPage,
    idOf: (cv) => cv.cvId,
    shouldSearch: hasCriteria,
  });
}

import { api, unwrap } from '@/shared/api/client';

import { type CvSearchState, cvFilter } from '../lib/search-state';
import type { CvSearchPage } from './types';

/** `POST /api/employer/search-cv`: one page of CVs with disjunctive facet counts. */
export function searchCvs(state: CvSearchState, page: number, size: number): Promise<CvSearchPage> {
  return unwrap(
    api.POST('/api/employer/search-cv', {
      params: { query: { page, size } },
      body: cvFilter(state) as never,
    }),
  );
}

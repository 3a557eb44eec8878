import type { UiState } from 'instantsearch.js';
import { type ReactNode, useMemo } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';

import { type UrlMapping, useUrlRouting } from '@/shared/search/url-routing';

import { searchCvs } from '../api/search-cv';
import { createCvSearchClient } from '../lib/search-client';
import { CV_LIST_KEYS, type CvSearchState, cvQueryString, parseCvSearchParams } from '../lib/search-state';

export const CV_INDEX = 'cvs';

type CvUiState = UiState[string];

/** InstantSearch's pages are one-based, the URL's zero-based. */
export function cvStateToUi(state: CvSearchState): CvUiState {
  const ui: CvUiState = {};
  if (state.search) ui.query = state.search;
  const refinementList: Record<string, string[]> = {};
  for (const key of CV_LIST_KEYS) if (state[key]?.length) refinementList[key] = [...state[key]];
  if (Object.keys(refinementList).length) ui.refinementList = refinementList;
  if (state.page) ui.page = state.page + 1;
  return ui;
}

export function cvUiToState(ui: CvUiState): CvSearchState {
  const state: CvSearchState = {};
  if (ui.query?.trim()) state.search = ui.query.trim();
  for (const key of CV_LIST_KEYS) {
    const values = ui.refinementList?.[key];
    if (values?.length) state[key] = [...values];
  }
  if (ui.page && ui.page > 1) state.page = ui.page - 1;
  return state;
}

/** The CV-database search in the URL. */
const CV_URL: UrlMapping<CvSearchState> = { indexName: CV_INDEX, parse: parseCvSearchParams, toQueryString: cvQueryString, toUi: cvStateToUi, fromUi: cvUiToState };

/** The CV-database search: one `POST /api/employer/search-cv` per search, its state in the URL. */
export function CvSearch({ hitsPerPage = 20, children }: { hitsPerPage?: number; children: ReactNode }) {
  const searchClient = useMemo(() => createCvSearchClient(searchCvs), []);
  const routing = useUrlRouting(CV_URL);
  return (
    <InstantSearch searchClient={searchClient} indexName={CV_INDEX} routing={routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={hitsPerPage} />
      {children}
    </InstantSearch>
  );
}

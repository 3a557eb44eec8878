import type { Router, UiState } from 'instantsearch.js';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';

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

const normalized = (search: string) => cvQueryString(parseCvSearchParams(new URLSearchParams(search)));

type UrlRouter = Router<CvSearchState> & { locationChanged: () => void; attach: (on: boolean) => void };

/** InstantSearch's router over react-router, as the vacancy search has it: the address bar is the truth. */
function createUrlRouter(navigate: { current: NavigateFunction }, rendered: { current: Location }): UrlRouter {
  let listener: ((route: CvSearchState) => void) | null = null;
  let attached = true;
  let current = normalized(rendered.current.search);
  const onPopState = () => locationChanged();
  function locationChanged() {
    const next = normalized(window.location.search);
    if (next === current) return;
    current = next;
    listener?.(parseCvSearchParams(new URLSearchParams(window.location.search)));
  }
  return {
    $$type: 'vakants.react-router',
    read: () => parseCvSearchParams(new URLSearchParams(rendered.current.search)),
    write(route) {
      const search = cvQueryString(route);
      // once the search has left the page (a link led away), a last write would land on the next
      // page's address and drop its own query (e.g. ?chat=)
      if (search === current || !attached) return;
      current = search;
      navigate.current({ search });
    },
    createURL: (route) => `${rendered.current.pathname}${cvQueryString(route)}`,
    onUpdate(callback) {
      listener = callback;
      window.addEventListener('popstate', onPopState);
    },
    dispose() {
      listener = null;
      window.removeEventListener('popstate', onPopState);
    },
    locationChanged,
    attach(on) {
      attached = on;
    },
  };
}

const stateMapping = {
  stateToRoute: (uiState: UiState) => cvUiToState(uiState[CV_INDEX] ?? {}),
  routeToState: (route: CvSearchState) => ({ [CV_INDEX]: cvStateToUi(route) }) as UiState,
};

/** The CV-database search: one `POST /api/employer/search-cv` per search, its state in the URL. */
export function CvSearch({ hitsPerPage = 20, children }: { hitsPerPage?: number; children: ReactNode }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);
  const searchClient = useMemo(() => createCvSearchClient(searchCvs), []);
  const router = useMemo(() => createUrlRouter(navigateRef, locationRef), []);
  useEffect(() => {
    router.attach(true);
    return () => router.attach(false);
  }, [router]);
  useEffect(() => router.locationChanged(), [router, location.search]);
  const routing = useMemo(() => ({ router, stateMapping }), [router]);
  return (
    <InstantSearch searchClient={searchClient} indexName={CV_INDEX} routing={routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={hitsPerPage} />
      {children}
    </InstantSearch>
  );
}

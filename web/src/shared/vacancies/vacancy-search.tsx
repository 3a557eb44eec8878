import type { Router, UiState } from 'instantsearch.js';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';

import { stateToUi, uiToState, VACANCY_INDEX, type VacancyUiState } from './instantsearch-state';
import { createVacancySearchClient } from './search-client';
import { parseSearchParams, type SearchState, toQueryString } from './search-state';
import { searchVacancies } from './search-vacancies';
import { KeepRefinements } from './search-widgets';

const normalized = (search: string) => toQueryString(parseSearchParams(new URLSearchParams(search)));

type UrlRouter = Router<SearchState> & { locationChanged: () => void; attach: (on: boolean) => void };

/**
 * InstantSearch's router over react-router: writes go through `navigate`, so the router and the
 * history stay one; a location change from outside (back and forward, a link) is handed to
 * InstantSearch.
 */
function createUrlRouter(navigate: { current: NavigateFunction }, rendered: { current: Location }): UrlRouter {
  let listener: ((route: SearchState) => void) | null = null;
  let attached = true;
  let current = normalized(rendered.current.search);
  // the address bar is the truth: a render of an older location never moves the search back
  const onPopState = () => locationChanged();
  function locationChanged() {
    const next = normalized(window.location.search);
    if (next === current) return;
    current = next;
    listener?.(parseSearchParams(new URLSearchParams(window.location.search)));
  }
  return {
    $$type: 'vakants.react-router',
    read: () => parseSearchParams(new URLSearchParams(rendered.current.search)),
    write(route) {
      const search = toQueryString(route);
      // once the search has left the page (a link led away), a last write would land on the next
      // page's address and drop its own query (e.g. ?chat=)
      if (search === current || !attached) return;
      current = search;
      navigate.current({ search });
    },
    createURL: (route) => `${rendered.current.pathname}${toQueryString(route)}`,
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
  stateToRoute: (uiState: UiState) => uiToState((uiState[VACANCY_INDEX] ?? {}) as VacancyUiState),
  routeToState: (route: SearchState) => ({ [VACANCY_INDEX]: stateToUi(route) }) as UiState,
};

/**
 * The vacancy search: one `POST /api/open/search` per search. With `routed`, the URL keeps the
 * state (the /vacancies page); without it the state stays in the page (home, previews).
 */
export function VacancySearch({ routed = false, hitsPerPage = 20, children }: { routed?: boolean; hitsPerPage?: number; children: ReactNode }) {
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
  const searchClient = useMemo(() => createVacancySearchClient(searchVacancies), []);
  const router = useMemo(() => (routed ? createUrlRouter(navigateRef, locationRef) : null), [routed]);
  useEffect(() => {
    router?.attach(true);
    return () => router?.attach(false);
  }, [router]);
  // links to /vacancies from the page itself (header, categories) change the location without popstate
  useEffect(() => router?.locationChanged(), [router, location.search]);
  const routing = useMemo(() => (router ? { router, stateMapping } : undefined), [router]);
  return (
    <InstantSearch searchClient={searchClient} indexName={VACANCY_INDEX} routing={routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={hitsPerPage} />
      <KeepRefinements />
      {children}
    </InstantSearch>
  );
}

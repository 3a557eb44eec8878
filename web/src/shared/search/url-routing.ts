import type { Router, UiState } from 'instantsearch.js';
import { useEffect, useMemo, useRef } from 'react';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';

/** How one search's state lives in the URL and in InstantSearch. */
export interface UrlMapping<State> {
  indexName: string;
  parse: (params: URLSearchParams) => State;
  /** `?a=b` or the empty string. */
  toQueryString: (state: State) => string;
  toUi: (state: State) => UiState[string];
  fromUi: (ui: UiState[string]) => State;
}

type UrlRouter<State> = Router<State> & { locationChanged: () => void; attach: (on: boolean) => void };

/**
 * InstantSearch's router over react-router: writes go through `navigate`, so the router and the
 * history stay one; a location change from outside (back and forward, a link) is handed to
 * InstantSearch.
 */
function createUrlRouter<State>(mapping: UrlMapping<State>, navigate: { current: NavigateFunction }, rendered: { current: Location }): UrlRouter<State> {
  const normalized = (search: string) => mapping.toQueryString(mapping.parse(new URLSearchParams(search)));
  let listener: ((route: State) => void) | null = null;
  let attached = true;
  let current = normalized(rendered.current.search);
  // the address bar is the truth: a render of an older location never moves the search back
  const onPopState = () => locationChanged();
  function locationChanged() {
    const next = normalized(window.location.search);
    if (next === current) return;
    current = next;
    listener?.(mapping.parse(new URLSearchParams(window.location.search)));
  }
  return {
    $$type: 'vakants.react-router',
    read: () => mapping.parse(new URLSearchParams(rendered.current.search)),
    write(route) {
      const search = mapping.toQueryString(route);
      // once the search has left the page (a link led away), a last write would land on the next
      // page's address and drop its own query (e.g. ?chat=)
      if (search === current || !attached) return;
      current = search;
      navigate.current({ search });
    },
    createURL: (route) => `${rendered.current.pathname}${mapping.toQueryString(route)}`,
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

/**
 * InstantSearch's `routing` for a search whose state the URL keeps (`mapping`), or none (`null`:
 * the state stays in the page). `mapping` must keep its identity across renders.
 */
export function useUrlRouting<State>(mapping: UrlMapping<State> | null) {
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
  const router = useMemo(() => (mapping ? createUrlRouter(mapping, navigateRef, locationRef) : null), [mapping]);
  useEffect(() => {
    router?.attach(true);
    return () => router?.attach(false);
  }, [router]);
  // links to the search from the page itself (header, categories) change the location without popstate
  useEffect(() => router?.locationChanged(), [router, location.search]);
  return useMemo(() => {
    if (!router || !mapping) return undefined;
    const stateMapping = {
      stateToRoute: (uiState: UiState) => mapping.fromUi(uiState[mapping.indexName] ?? {}),
      routeToState: (route: State) => ({ [mapping.indexName]: mapping.toUi(route) }) as UiState,
    };
    return { router, stateMapping };
  }, [router, mapping]);
}

import { type ReactNode, useMemo } from 'react';
import { Configure, InstantSearch } from 'react-instantsearch';

import { type UrlMapping, useUrlRouting } from '@/shared/search/url-routing';

import { stateToUi, uiToState, VACANCY_INDEX } from './instantsearch-state';
import { createVacancySearchClient } from './search-client';
import { parseSearchParams, type SearchState, toQueryString } from './search-state';
import { searchVacancies } from './search-vacancies';
import { KeepRefinements } from './search-widgets';

/** The vacancy search in the URL: exactly the spec's parameters. */
const VACANCY_URL: UrlMapping<SearchState> = { indexName: VACANCY_INDEX, parse: parseSearchParams, toQueryString, toUi: stateToUi, fromUi: uiToState };

/**
 * The vacancy search: one `POST /api/open/search` per search. With `routed`, the URL keeps the
 * state (the /vacancies page); without it the state stays in the page (home, previews).
 */
export function VacancySearch({ routed = false, hitsPerPage = 20, children }: { routed?: boolean; hitsPerPage?: number; children: ReactNode }) {
  const searchClient = useMemo(() => createVacancySearchClient(searchVacancies), []);
  const routing = useUrlRouting(routed ? VACANCY_URL : null);
  return (
    <InstantSearch searchClient={searchClient} indexName={VACANCY_INDEX} routing={routing} future={{ preserveSharedStateOnUnmount: true }}>
      <Configure hitsPerPage={hitsPerPage} />
      <KeepRefinements />
      {children}
    </InstantSearch>
  );
}

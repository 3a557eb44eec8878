import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** Employer names for the autocomplete: trimmed and lowercased, 10 a page (spec 1 sections 5 and 9). */
export function fetchEmployers(search: string) {
  return unwrap(
    api.GET('/api/open/search/employers/{countryCode}', {
      params: { path: { countryCode: 'EE' }, query: { search: search.trim().toLowerCase(), page: 0, size: 10 } as never },
    }),
  );
}

export function useEmployers(search: string) {
  const term = search.trim().toLowerCase();
  return useQuery({ queryKey: ['employers', term], queryFn: () => fetchEmployers(term), enabled: term.length > 0, meta: { handledLocally: true } });
}

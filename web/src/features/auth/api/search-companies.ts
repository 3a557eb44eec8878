import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { ApiError } from '@/shared/api/errors';
import type { RegisterEntry } from '@/shared/api/types';

export const DEFAULT_COUNTRY = 'EE';
export const MIN_SEARCH_LENGTH = 3;

/** The search text as the server wants it: trimmed and lowercased; null when too short to search. */
export function companySearchTerm(input: string): string | null {
  const term = input.trim().toLowerCase();
  return term.length > MIN_SEARCH_LENGTH - 1 ? term : null;
}

/** Companies of the Business Register matching the term; none found is an empty list. */
export async function searchCompanies(term: string, countryCode = DEFAULT_COUNTRY): Promise<RegisterEntry[]> {
  try {
    return await unwrap(api.GET('/api/open/companies/{countryCode}', { params: { path: { countryCode }, query: { search: term } } }));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'company_not_found') return [];
    throw error;
  }
}

export const companySearchQuery = (term: string) =>
  queryOptions({ queryKey: ['register-companies', DEFAULT_COUNTRY, term], queryFn: () => searchCompanies(term), staleTime: 60_000 });

export function useCompanySearch(input: string) {
  const term = companySearchTerm(input);
  return useQuery({ ...companySearchQuery(term ?? ''), enabled: term !== null, placeholderData: keepPreviousData, meta: { handledLocally: true } });
}

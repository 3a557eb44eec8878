import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const COMPANIES_PAGE_SIZE = 50;

/** One page of employers with open vacancies, 50 a page (spec 1 section 9). */
export function fetchCompanies(countryCode: string, page: number) {
  return unwrap(api.GET('/api/open/companies/{countryCode}/list', { params: { path: { countryCode }, query: { page, size: COMPANIES_PAGE_SIZE } } }));
}

export function useCompanies(countryCode: string, page: number) {
  return useQuery({ queryKey: ['companies', countryCode, page], queryFn: () => fetchCompanies(countryCode, page), placeholderData: keepPreviousData });
}

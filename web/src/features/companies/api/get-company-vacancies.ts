import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const COMPANY_VACANCIES_PAGE_SIZE = 10;

/** The company's open vacancies, newest first, 10 a page (spec 1 section 9). */
export function fetchCompanyVacancies(countryCode: string, registryCode: string, page: number) {
  return unwrap(
    api.GET('/api/open/companies/{countryCode}/{registryCode}/vacancies', {
      params: { path: { countryCode, registryCode }, query: { page, size: COMPANY_VACANCIES_PAGE_SIZE } as never },
    }),
  );
}

export function useCompanyVacancies(countryCode: string, registryCode: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['company-vacancies', countryCode, registryCode, page],
    queryFn: () => fetchCompanyVacancies(countryCode, registryCode, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Language } from '@/shared/i18n/languages';
import { searchVacancies } from '@/shared/vacancies/search-vacancies';

export type Location = components['schemas']['Location'];

export const LOCATION_PAGE_SIZE = 20;

/** `GET /api/open/locations/{code}`: the place, its parents and the places inside with vacancies. */
export function useLocation(code: string, language: Language) {
  return useQuery({
    queryKey: ['location', code, language],
    queryFn: () => unwrap(api.GET('/api/open/locations/{code}', { params: { path: { code } } })),
    meta: { handledLocally: true },
    retry: false,
  });
}

/** The place's open vacancies, 20 a page; Estonia (`EE`) is every vacancy. */
export function useLocationVacancies(code: string, page: number) {
  return useQuery({
    queryKey: ['location-vacancies', code, page],
    queryFn: () => searchVacancies(code === 'EE' ? {} : { cityCode: [code] }, page, LOCATION_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

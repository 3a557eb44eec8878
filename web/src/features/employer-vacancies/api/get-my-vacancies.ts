import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { ListState } from '../lib/search-params';

/** A row of the list, with its latest order's invoice when it has one. */
export type EmployerVacancy = components['schemas']['EmployerVacancy'];
export type EmployerVacancyPage = components['schemas']['EmployerVacancyPage'];

export const PAGE_SIZE = 20;

/** Every page and tab of the list; the actions invalidate them all (the counts change with any). */
export const MY_VACANCIES_KEY = ['employer-vacancies'] as const;

/** One page of the acting company's vacancies in a tab, with the counts of every tab. */
export function useMyVacancies({ tab, type, page }: ListState) {
  return useQuery({
    queryKey: [...MY_VACANCIES_KEY, tab, type, page],
    queryFn: () =>
      unwrap(api.GET('/api/employer/vacancies', { params: { query: { status: tab, type: type ?? undefined, page, size: PAGE_SIZE } } })),
    // the tabs and their counts stay on screen while another tab or page loads
    placeholderData: keepPreviousData,
  });
}

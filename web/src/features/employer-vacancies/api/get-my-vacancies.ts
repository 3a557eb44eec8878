import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { Sorting } from '@/shared/lib/sorting';

import type { ListState, VacancySort } from '../lib/search-params';

/** A row of the list, with its latest order's invoice when it has one. */
export type EmployerVacancy = components['schemas']['EmployerVacancy'];
export type EmployerVacancyPage = components['schemas']['EmployerVacancyPage'];

export const PAGE_SIZE = 20;

/** Every page and tab of the list; the actions invalidate them all (the counts change with any). */
export const MY_VACANCIES_KEY = ['employer-vacancies'] as const;

/** One page of the acting company's vacancies in a tab, in the chosen order, with the counts of every tab. */
export function useMyVacancies({ tab, type, page }: ListState, { sort, order }: Sorting<VacancySort>) {
  return useQuery({
    queryKey: [...MY_VACANCIES_KEY, tab, type, page, sort, order],
    queryFn: () =>
      unwrap(api.GET('/api/employer/vacancies', { params: { query: { status: tab, type: type ?? undefined, sort, order, page, size: PAGE_SIZE } } })),
    // the tabs and their counts stay on screen while another tab or page loads
    placeholderData: keepPreviousData,
  });
}

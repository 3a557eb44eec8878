import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { ListState } from '../lib/search-params';

/**
 * The open order's invoice the status call and the list add to a published vacancy (issue 15
 * contract, `InvoiceSummary`). Typed here, optional, until the generated types carry it.
 */
export interface VacancyInvoice {
  id: string;
  number: string;
  status: 'UNPAID' | 'PAID' | 'CANCELLED';
  totalCents: number;
  dueOn: string;
}

export type EmployerVacancy = components['schemas']['EmployerVacancy'] & { invoice?: VacancyInvoice | null };
export type EmployerVacancyPage = Omit<components['schemas']['EmployerVacancyPage'], 'content'> & { content: EmployerVacancy[] };

export const PAGE_SIZE = 20;

/** Every page and tab of the list; the actions invalidate them all (the counts change with any). */
export const MY_VACANCIES_KEY = ['employer-vacancies'] as const;

/** One page of the acting company's vacancies in a tab, with the counts of every tab. */
export function useMyVacancies({ tab, type, page }: ListState) {
  return useQuery({
    queryKey: [...MY_VACANCIES_KEY, tab, type, page],
    queryFn: (): Promise<EmployerVacancyPage> =>
      unwrap(api.GET('/api/employer/vacancies', { params: { query: { status: tab, type: type ?? undefined, page, size: PAGE_SIZE } } })),
    // the tabs and their counts stay on screen while another tab or page loads
    placeholderData: keepPreviousData,
  });
}

import { useQuery } from '@tanstack/react-query';

import { request } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

import type { VacancyProducts } from './types';

export async function fetchVacancyProducts(id: string): Promise<VacancyProducts> {
  return (await request<VacancyProducts>('GET', `/api/employer/vacancies/${encodeURIComponent(id)}/products`)) as VacancyProducts;
}

/** What the company can buy for the vacancy, at its own prices; labels in the reader's language. */
export function useVacancyProducts(id: string, language: Language) {
  return useQuery({ queryKey: ['vacancy-products', id, language], queryFn: () => fetchVacancyProducts(id), staleTime: 60 * 1000 });
}

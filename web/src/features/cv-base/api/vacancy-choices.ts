import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export interface VacancyChoice {
  id: string;
  label: string;
  cvDatabase: boolean;
}

const MOST = 100;

/**
 * The vacancies a CV may be added to: the company's active ones, then its CV-database vacancies
 * (`GET /api/employer/vacancies?status=active`, `?status=cvDatabase`).
 */
export function useVacancyChoices() {
  return useQuery({
    queryKey: ['cv-base', 'vacancies'] as const,
    queryFn: async (): Promise<VacancyChoice[]> => {
      const [active, cvDatabase] = await Promise.all(
        (['active', 'cvDatabase'] as const).map((status) => unwrap(api.GET('/api/employer/vacancies', { params: { query: { status, size: MOST } } }))),
      );
      return [...active.content, ...cvDatabase.content].map((vacancy) => ({
        id: vacancy.id,
        label: vacancy.occupationLabel ?? '',
        cvDatabase: vacancy.type === 'CV_BASE',
      }));
    },
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Sorting } from '@/shared/lib/sorting';

import type { PeopleSort } from '../lib/sort-fields';
import { PEOPLE_PAGE_SIZE } from './get-employers';

export type AdminApplicant = components['schemas']['AdminApplicant'];
export const applicantsKey = ['admin', 'applicants'] as const;

/** `GET /api/admin/applicant?search&sort&order&page&size`: the applicants with their CVs and applications, in the chosen order. */
export function useAdminApplicants(search: string, page: number, { sort, order }: Sorting<PeopleSort>) {
  return useQuery({
    queryKey: [...applicantsKey, search, page, sort, order],
    queryFn: () => unwrap(api.GET('/api/admin/applicant', { params: { query: { search, sort, order, page, size: PEOPLE_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

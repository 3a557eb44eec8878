import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { PEOPLE_PAGE_SIZE } from './get-employers';

export type AdminApplicant = components['schemas']['AdminApplicant'];
export const applicantsKey = ['admin', 'applicants'] as const;

/** `GET /api/admin/applicant?search&page&size`: the applicants with their CVs and applications, newest first. */
export function useAdminApplicants(search: string, page: number) {
  return useQuery({
    queryKey: [...applicantsKey, search, page],
    queryFn: () => unwrap(api.GET('/api/admin/applicant', { params: { query: { search, page, size: PEOPLE_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type AdminEmployer = components['schemas']['AdminEmployer'];

/** People a page on the back office's screens (the API's own default is the spec's 2000). */
export const PEOPLE_PAGE_SIZE = 50;

/** `GET /api/admin/employers?search&page&size`: the employers with their companies, newest first. */
export function useAdminEmployers(search: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'employers', search, page],
    queryFn: () => unwrap(api.GET('/api/admin/employers', { params: { query: { search, page, size: PEOPLE_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

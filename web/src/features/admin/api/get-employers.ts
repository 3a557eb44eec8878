import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Sorting } from '@/shared/lib/sorting';

import type { PeopleSort } from '../lib/sort-fields';

export type AdminEmployer = components['schemas']['AdminEmployer'];

/** People a page on the back office's screens (the API's own default is the spec's 2000). */
export const PEOPLE_PAGE_SIZE = 50;

/** `GET /api/admin/employers?search&sort&order&page&size`: the employers with their companies, in the chosen order. */
export function useAdminEmployers(search: string, page: number, { sort, order }: Sorting<PeopleSort>) {
  return useQuery({
    queryKey: ['admin', 'employers', search, page, sort, order],
    queryFn: () => unwrap(api.GET('/api/admin/employers', { params: { query: { search, sort, order, page, size: PEOPLE_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

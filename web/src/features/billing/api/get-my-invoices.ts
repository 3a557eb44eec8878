import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { INVOICES_KEY } from '@/shared/billing/api/keys';

import { type ListState, STATUS_OF_TAB } from '../lib/list-state';

export const PAGE_SIZE = 20;

/** One page of my invoices (`GET /api/user/invoices/my`): the acting company's, else the user's own. */
export function useMyInvoices({ tab, sort, order, page }: Pick<ListState, 'tab' | 'sort' | 'order' | 'page'>) {
  return useQuery({
    queryKey: [...INVOICES_KEY, 'my', tab, sort, order, page],
    queryFn: () => unwrap(api.GET('/api/user/invoices/my', { params: { query: { status: STATUS_OF_TAB[tab], sort, order, page, size: PAGE_SIZE } } })),
    // the tabs stay on screen while another tab, sort or page loads
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { Sorting } from '@/shared/lib/sorting';

import type { InvoiceFilter } from '../lib/invoice-filter';
import type { InvoiceSort } from '../lib/sort-fields';

export type AdminInvoice = components['schemas']['AdminInvoice'];
export type AdminInvoicePage = components['schemas']['AdminInvoicePage'];

export const INVOICE_PAGE_SIZE = 20;
export const adminInvoicesKey = ['admin', 'invoices'] as const;

/** `GET /api/admin/invoice`: every company's invoices by the filter in the chosen order, with the sums per status. */
export function useAdminInvoices(filter: InvoiceFilter, { sort, order }: Sorting<InvoiceSort>) {
  const query = {
    status: filter.status ?? undefined,
    company: filter.company || undefined,
    from: filter.from ?? undefined,
    to: filter.to ?? undefined,
    sort,
    order,
    page: filter.page,
    size: INVOICE_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [...adminInvoicesKey, query],
    queryFn: () => unwrap(api.GET('/api/admin/invoice', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

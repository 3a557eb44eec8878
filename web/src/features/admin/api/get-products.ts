import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type AdminProduct = components['schemas']['AdminProduct'];

/** Products a page, as the spec pages the administrators' product list (spec 2 section 7). */
export const PRODUCT_PAGE_SIZE = 50;
export const productsKey = ['admin', 'products'] as const;

/** `GET /api/admin/product?page&size`: every product of the price list, active or not, in list order. */
export function useAdminProducts(page: number) {
  return useQuery({
    queryKey: [...productsKey, page],
    queryFn: () => unwrap(api.GET('/api/admin/product', { params: { query: { page, size: PRODUCT_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

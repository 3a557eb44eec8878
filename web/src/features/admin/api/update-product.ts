import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { productsKey } from './get-products';

export type ProductChange = components['schemas']['ProductChange'];

/** `PUT /api/admin/product`: a product's price, VAT rate, active flag and texts (new orders only). */
export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ProductChange) => unwrap(api.PUT('/api/admin/product', { body: change })),
    onSuccess: () => client.invalidateQueries({ queryKey: productsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { MARKET_KEY } from './types';

/** `DELETE /api/admin/market/{id}`: deletes a listing. */
export function useDeleteListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/admin/market/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: MARKET_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type ListingInput, MARKET_KEY } from './types';

/** `PUT /api/admin/market/{id}`: replaces a listing, hiding or showing it with `hidden`. */
export function useUpdateListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, listing }: { id: string; listing: ListingInput }) =>
      unwrap(api.PUT('/api/admin/market/{id}', { params: { path: { id } }, body: listing })),
    onSuccess: () => client.invalidateQueries({ queryKey: MARKET_KEY }),
    meta: { handledLocally: true },
  });
}

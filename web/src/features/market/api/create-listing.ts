import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type ListingInput, MARKET_KEY } from './types';

/** `POST /api/admin/market`: adds a listing; a refusal names its field. */
export function useCreateListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listing: ListingInput) => unwrap(api.POST('/api/admin/market', { body: listing })),
    onSuccess: () => client.invalidateQueries({ queryKey: MARKET_KEY }),
    meta: { handledLocally: true },
  });
}

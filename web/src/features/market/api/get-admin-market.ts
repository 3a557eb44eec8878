import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type ListingKind, MARKET_KEY } from './types';

/** `GET /api/admin/market?kind`: every listing of one market, hidden and past ones too, newest first. */
export function useAdminMarket(kind: ListingKind) {
  return useQuery({
    queryKey: [...MARKET_KEY, 'admin', kind],
    queryFn: () => unwrap(api.GET('/api/admin/market', { params: { query: { kind } } })),
  });
}

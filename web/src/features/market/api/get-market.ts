import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type ListingKind, MARKET_KEY, type MarketFilter } from './types';

/** `GET /api/employer/market?kind&language&price&when`: the listings of one market an employer sees. */
export function useMarket(kind: ListingKind, filter: MarketFilter) {
  return useQuery({
    queryKey: [...MARKET_KEY, 'employer', kind, filter],
    queryFn: () => unwrap(api.GET('/api/employer/market', { params: { query: { kind, ...filter } } })),
    placeholderData: keepPreviousData,
  });
}

import type { components } from '@/shared/api/schema';

export type Listing = components['schemas']['Listing'];
export type ListingInput = components['schemas']['ListingInput'];
export type ListingKind = Listing['kind'];

/** The employers' filters of one market (`GET /api/employer/market`); absent ones are left out. */
export interface MarketFilter {
  language?: 'et' | 'en' | 'ru';
  price?: 'free' | 'paid';
  when?: 'upcoming' | 'anytime';
}

export const MARKET_KEY = ['market'] as const;

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { PriceListEntry } from '@/shared/api/types';
import type { Language } from '@/shared/i18n/languages';

export function fetchProducts(): Promise<PriceListEntry[]> {
  return unwrap(api.GET('/api/open/products'));
}

/** The price list; labels follow the language, so it is cached per language. */
export const productsQuery = (language: Language) => queryOptions({ queryKey: ['products', language], queryFn: fetchProducts });

export function useProducts(language: Language) {
  return useQuery({ ...productsQuery(language), meta: { handledLocally: true } });
}

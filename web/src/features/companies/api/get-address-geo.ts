import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type AddressGeo = components['schemas']['GeoPoint'];

export function fetchAddressGeo(countryCode: string, adrId: number): Promise<AddressGeo> {
  return unwrap(api.GET('/api/open/addresses/{countryCode}/geo/{adrId}', { params: { path: { countryCode, adrId: String(adrId) } } }));
}

/** Where the address lies; a failure is the caller's to ignore (the map simply stays away). */
export function useAddressGeo(countryCode: string, adrId: number | null | undefined) {
  return useQuery({
    queryKey: ['address-geo', countryCode, adrId],
    queryFn: () => fetchAddressGeo(countryCode, adrId as number),
    enabled: adrId != null,
    retry: false,
    staleTime: Infinity,
    meta: { handledLocally: true },
  });
}

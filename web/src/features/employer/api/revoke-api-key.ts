import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { apiKeysKey } from './get-api-keys';
import type { CompanyKey } from './get-staff';

/** `DELETE /api/employer/company/{countryCode}/{registryCode}/api_keys/{keyId}`: the key stops working at once. */
export function useRevokeApiKey(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      unwrap(api.DELETE('/api/employer/company/{countryCode}/{registryCode}/api_keys/{keyId}', { params: { path: { ...company, keyId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey(company) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { apiKeysKey } from './get-api-keys';
import type { CompanyKey } from './get-staff';

export type CreatedApiKey = components['schemas']['CreatedApiKey'];

/**
 * `POST /api/employer/company/{countryCode}/{registryCode}/api_keys/{keyId}`: the supervisor makes a key under a
 * fresh id; the answer holds the key itself (`secret`) this once.
 */
export function useCreateApiKey(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) =>
      unwrap(
        api.POST('/api/employer/company/{countryCode}/{registryCode}/api_keys/{keyId}', {
          params: { path: { ...company, keyId: crypto.randomUUID() } },
          body: { title },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey(company) }),
    meta: { handledLocally: true },
  });
}

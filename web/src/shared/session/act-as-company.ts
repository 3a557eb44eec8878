import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { CompanyRef, Me } from '@/shared/api/types';

import { meQueryKey, setMe } from './me';

export function actAsCompany(company: Pick<CompanyRef, 'countryCode' | 'registryCode'>): Promise<Me> {
  return unwrap(
    api.POST('/api/auth/{countryCode}/{registryCode}', {
      params: { path: { countryCode: company.countryCode, registryCode: company.registryCode } },
    }),
  );
}

/**
 * Switches the company the employer acts for; the session's user is replaced by the answer, and
 * everything else read so far (the company's vacancies, invoices, profile…) is read again for the
 * new company.
 */
export function useActAsCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actAsCompany,
    onSuccess: (me) => {
      setMe(client, me);
      return client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    },
  });
}

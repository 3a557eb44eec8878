import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type CompanyProfileInput, myCompanyKey } from './get-my-company';

/** `POST /api/employer/companies/{countryCode}/{registryCode}/profile`: replaces the general information. */
export function useSaveCompanyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ countryCode, registryCode, profile }: { countryCode: string; registryCode: string; profile: CompanyProfileInput }) =>
      unwrap(api.POST('/api/employer/companies/{countryCode}/{registryCode}/profile', { params: { path: { countryCode, registryCode } }, body: profile })),
    onSuccess: (company) => client.setQueryData(myCompanyKey, company),
    meta: { handledLocally: true },
  });
}

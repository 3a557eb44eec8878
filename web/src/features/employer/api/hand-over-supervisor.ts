import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { myCompanyKey } from './get-my-company';
import { type CompanyKey, staffKey } from './get-staff';

/** `POST /api/employer/company/{countryCode}/{registryCode}/staff/supervisor/{userId}`: hands the supervisor role over. */
export function useHandOverSupervisor(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(api.POST('/api/employer/company/{countryCode}/{registryCode}/staff/supervisor/{userId}', { params: { path: { ...company, userId } } })),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: staffKey(company) }), client.invalidateQueries({ queryKey: myCompanyKey })]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type CompanyKey, staffKey } from './get-staff';

/** `DELETE /api/employer/company/{countryCode}/{registryCode}/staff?userId=`: the member loses the company at once. */
export function useRemoveStaffMember(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(api.DELETE('/api/employer/company/{countryCode}/{registryCode}/staff', { params: { path: company, query: { userId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKey(company) }),
  });
}

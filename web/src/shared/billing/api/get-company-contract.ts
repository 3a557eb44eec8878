import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** Whether the acting company has a contract with Vakants (`GET /api/employer/company/contract`). */
export function useCompanyContract() {
  return useQuery({ queryKey: ['company-contract'], queryFn: () => unwrap(api.GET('/api/employer/company/contract')), staleTime: 60 * 1000 });
}

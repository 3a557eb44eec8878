import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { CompanyRef } from '@/shared/api/types';

export function fetchMyCompanies(): Promise<CompanyRef[]> {
  return unwrap(api.GET('/api/employer/my-companies'));
}

export const myCompaniesQuery = () => queryOptions({ queryKey: ['employer', 'my-companies'], queryFn: fetchMyCompanies });

export function useMyCompanies(enabled = true) {
  return useQuery({ ...myCompaniesQuery(), enabled });
}

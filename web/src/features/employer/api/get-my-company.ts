import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type MyCompany = components['schemas']['MyCompany'];
export type CompanyProfileInput = components['schemas']['CompanyProfileInput'];

export const myCompanyKey = ['my-company'] as const;

/** `GET /api/employer/company`: the company the employer acts for, with its general information. */
export function useMyCompany() {
  return useQuery({ queryKey: myCompanyKey, queryFn: () => unwrap(api.GET('/api/employer/company')) });
}

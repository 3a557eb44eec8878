import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { CompanyKey } from './get-staff';

export type CompanyBranding = components['schemas']['CompanyBranding'];
export type CompanyBrandingInput = components['schemas']['CompanyBrandingInput'];

/** The call answers for the acting company; its key names the company, so a switch never shows another's. */
export const brandingKey = (company: CompanyKey) => ['my-company', 'branding', company.countryCode, company.registryCode] as const;

/** `GET /api/employer/companies/company-branding`: the acting company's logo, cover, gallery and video link. */
export function useCompanyBranding(company: CompanyKey) {
  return useQuery({ queryKey: brandingKey(company), queryFn: () => unwrap(api.GET('/api/employer/companies/company-branding')) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type CompanyBrandingInput, brandingKey } from './get-company-branding';
import type { CompanyKey } from './get-staff';

/**
 * `POST /api/employer/companies/company-branding`: replaces the acting company's branding. The
 * public page's reads (`company`, `company-branding`) are refetched when next shown.
 */
export function useSaveCompanyBranding(company: CompanyKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyBrandingInput) => unwrap(api.POST('/api/employer/companies/company-branding', { body })),
    onSuccess: (branding) => {
      client.setQueryData(brandingKey(company), branding);
      return client.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'company' || query.queryKey[0] === 'company-branding' });
    },
    meta: { handledLocally: true },
  });
}

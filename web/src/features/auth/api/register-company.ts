import { api, unwrap } from '@/shared/api/client';
import type { Me, RegisterEntry } from '@/shared/api/types';

/**
 * Claims a company of the Business Register: the user becomes its employer at once (200), or the
 * claim waits for approval (202, the company in `pendingClaims`).
 */
export function registerCompany(company: Pick<RegisterEntry, 'countryCode' | 'registryCode'>): Promise<Me> {
  return unwrap(
    api.POST('/api/user/companies/{countryCode}/{registryCode}/register', {
      params: { path: { countryCode: company.countryCode, registryCode: company.registryCode } },
    }),
  );
}

import { api, unwrap } from '@/shared/api/client';
import type { Me, RegisterEntry } from '@/shared/api/types';

/** Registers the signed-in user's company from the Business Register; the user becomes its employer. */
export function registerCompany(company: Pick<RegisterEntry, 'countryCode' | 'registryCode'>): Promise<Me> {
  return unwrap(
    api.POST('/api/user/companies/{countryCode}/{registryCode}/register', {
      params: { path: { countryCode: company.countryCode, registryCode: company.registryCode } },
    }),
  );
}

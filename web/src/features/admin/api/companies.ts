import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import type { Me } from '@/shared/api/types';
import type { Sorting } from '@/shared/lib/sorting';

import type { CompanySort } from '../lib/sort-fields';

export type AdminCompany = components['schemas']['AdminCompany'];

export const ADMIN_COMPANIES_PAGE_SIZE = 20;

/** `GET /api/admin/company/EE?search&sort&order&page`: registered companies in the chosen order. */
export function useAdminCompanies(search: string, page: number, { sort, order }: Sorting<CompanySort>) {
  return useQuery({
    queryKey: ['admin', 'companies', search, page, sort, order],
    queryFn: () =>
      unwrap(
        api.GET('/api/admin/company/{countryCode}', { params: { path: { countryCode: 'EE' }, query: { search, sort, order, page, size: ADMIN_COMPANIES_PAGE_SIZE } } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `PATCH …/hasContract`: the "Company has a contract" flag. */
export function useSetHasContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ company, hasContract }: { company: Pick<AdminCompany, 'countryCode' | 'registryCode'>; hasContract: boolean }) =>
      unwrap(
        api.PATCH('/api/admin/company/{countryCode}/{registryCode}/hasContract', {
          params: { path: { countryCode: company.countryCode, registryCode: company.registryCode } },
          body: hasContract,
        }),
      ),
    onSettled: (_, __, { company }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'companies'] }),
        client.invalidateQueries({ queryKey: ['admin', 'company', company.countryCode, company.registryCode] }),
        client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}

/**
 * `GET /api/admin/represent/{username}[?countryCode&registryCode]`: act as the user, for the
 * company named (one of theirs). The caller loads the next page afresh, so nothing the
 * administrator's session cached carries over.
 */
export function useRepresent() {
  return useMutation({
    // the button says why ("Can't login as another user") beside itself
    meta: { handledLocally: true },
    mutationFn: ({ username, company }: { username: string; company?: Pick<AdminCompany, 'countryCode' | 'registryCode'> }): Promise<Me> =>
      unwrap(
        api.GET('/api/admin/represent/{username}', {
          params: { path: { username }, query: company ? { countryCode: company.countryCode, registryCode: company.registryCode } : {} },
        }),
      ),
  });
}

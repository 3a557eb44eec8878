import { useQuery, type QueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Me, Role } from '@/shared/api/types';

export const meQueryKey = ['me'] as const;

/** A user is kept as signed in only with a role beyond the base USER role (spec 1 section 4). */
export function signedInUser(me: Me | null | undefined): Me | null {
  return me && me.roles.some((role) => role !== 'USER') ? me : null;
}

export async function fetchMe(): Promise<Me | null> {
  return signedInUser(await unwrap(api.GET('/api/open/me')));
}

/**
 * Any account with a session, also one with only the base USER role (which [`useMe`] keeps as
 * signed out): someone who signed up through a staff invitation's link answers it before choosing
 * a role.
 */
export function useAccount() {
  return useQuery({ queryKey: ['me', 'account'], queryFn: async () => (await unwrap(api.GET('/api/open/me'))) ?? null, retry: false });
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: Infinity, retry: false });
}

export function setMe(client: QueryClient, me: Me | null): void {
  client.setQueryData(meQueryKey, signedInUser(me));
}

export function hasAnyRole(me: Me | null | undefined, roles: readonly Role[]): boolean {
  return !!me && me.roles.some((role) => roles.includes(role));
}

export const isStaff = (me: Me | null | undefined) => hasAnyRole(me, ['ADMIN', 'SUPERVISOR']);
export const isEmployer = (me: Me | null | undefined) => hasAnyRole(me, ['EMPLOYER']);
export const isApplicant = (me: Me | null | undefined) => hasAnyRole(me, ['APPLICANT']);

/** The key under which the impersonation return path waits in session storage. */
export const IMPERSONATION_RETURN_KEY = 'impersonationReturnPath';

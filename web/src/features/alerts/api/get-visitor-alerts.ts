import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const visitorAlertsKey = (token: string) => ['visitor-alerts', token] as const;

/** The alerts of the address a mail's link was sent to. */
export function useVisitorAlerts(token: string, enabled = true) {
  return useQuery({
    queryKey: visitorAlertsKey(token),
    queryFn: () => unwrap(api.GET('/api/open/saved-searches/by-token/{token}', { params: { path: { token } } })),
    enabled,
    retry: false,
  });
}

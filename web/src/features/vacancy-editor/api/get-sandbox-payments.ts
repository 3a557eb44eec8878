import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/**
 * Whether the server runs in dev mode, where an invoice can be paid in the sandbox
 * (`POST /api/dev/invoices/{id}/pay`): the UI settings say so (the same answer the shell reads).
 */
export function useSandboxPayments(): boolean {
  const settings = useQuery({
    queryKey: ['settings-ui'],
    queryFn: () => unwrap(api.GET('/api/open/settings-ui')),
    staleTime: 15 * 60 * 1000,
    meta: { handledLocally: true },
  });
  return settings.data?.devMode === true;
}

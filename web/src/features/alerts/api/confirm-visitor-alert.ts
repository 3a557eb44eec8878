import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { visitorAlertsKey } from './get-visitor-alerts';

/** Opens a confirmation link: the visitor's search mails from now on. */
export function useConfirmVisitorAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ token }: { token: string }) => unwrap(api.POST('/api/open/saved-searches/confirm', { body: { token } })),
    onSuccess: (alerts, { token }) => client.setQueryData(visitorAlertsKey(token), alerts),
  });
}

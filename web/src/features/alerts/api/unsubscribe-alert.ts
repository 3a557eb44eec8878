import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** The unsubscribe link of an alert mail: this alert, or with `all` every alert of its owner. */
export function useUnsubscribeAlert() {
  return useMutation({
    mutationFn: ({ token, all }: { token: string; all: boolean }) =>
      all
        ? unwrap(api.POST('/api/open/saved-searches/unsubscribe-all/{token}', { params: { path: { token } } }))
        : unwrap(api.POST('/api/open/saved-searches/unsubscribe/{token}', { params: { path: { token } } })),
  });
}

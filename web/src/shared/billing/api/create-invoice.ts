import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { badgeCountsKey } from '@/shared/session/badge-counts';

import { INVOICES_KEY, SERVICES_KEY } from './keys';
import type { CreateInvoice } from './types';

/**
 * Orders products (`POST /api/user/invoices`): the answer is the new unpaid invoice. A refusal names
 * its field (`days`, `productCodes`, `vacancyId`), which the buy dialogs show on it.
 */
export function useCreateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: CreateInvoice) => unwrap(api.POST('/api/user/invoices', { body: order })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: INVOICES_KEY }),
        client.invalidateQueries({ queryKey: SERVICES_KEY }),
        client.invalidateQueries({ queryKey: badgeCountsKey }),
      ]),
    meta: { handledLocally: true },
  });
}

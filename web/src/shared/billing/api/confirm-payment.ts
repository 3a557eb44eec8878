import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { INVOICES_KEY } from './keys';
import type { PaymentMethodCode } from './types';

/**
 * Pays an invoice by a method (`POST /api/user/invoices/{id}`): an online method answers where to
 * send the browser (REDIRECT), the others the bank details to pay by (BANK_DETAILS). The currency
 * the payer saw goes with it, so the server refuses a method that does not take the invoice's.
 */
export function useConfirmPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, method, currency }: { invoiceId: string; method: PaymentMethodCode; currency: string }) =>
      unwrap(api.POST('/api/user/invoices/{id}', { params: { path: { id: invoiceId } }, body: { method, currency } })),
    onSuccess: () => client.invalidateQueries({ queryKey: INVOICES_KEY }),
    meta: { handledLocally: true },
  });
}

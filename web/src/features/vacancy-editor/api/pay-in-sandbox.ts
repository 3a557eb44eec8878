import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { employerVacancyKey } from './get-employer-vacancy';

export async function payInSandbox(invoiceId: string): Promise<void> {
  await unwrap(api.POST('/api/dev/invoices/{id}/pay', { params: { path: { id: invoiceId } } }));
}

/** Dev mode only: marks the invoice paid as a real payment would, then reads the vacancy again. */
export function usePayInSandbox(vacancyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payInSandbox,
    onSuccess: () => client.invalidateQueries({ queryKey: employerVacancyKey(vacancyId) }),
  });
}

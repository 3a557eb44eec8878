import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

import { employerVacancyKey } from './get-employer-vacancy';

export async function payInSandbox(invoiceId: string): Promise<void> {
  await request('POST', `/api/dev/invoices/${encodeURIComponent(invoiceId)}/pay`);
}

/** Dev mode only: marks the invoice paid as a real payment would, then reads the vacancy again. */
export function usePayInSandbox(vacancyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payInSandbox,
    onSuccess: () => client.invalidateQueries({ queryKey: employerVacancyKey(vacancyId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { adminDashboardKey } from './get-dashboard';
import { adminInvoicesKey } from './get-invoices';
import { unmatchedLinesKey } from './get-unmatched-lines';

export type ImportReport = components['schemas']['ImportReport'];

/** `POST /api/admin/bank-statements`: the camt.053 statement as the `file` of a multipart form (the browser writes the boundary). */
export function useUploadBankStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return unwrap(api.POST('/api/admin/bank-statements', { body: { file: file.name }, bodySerializer: () => form }));
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: unmatchedLinesKey }),
        client.invalidateQueries({ queryKey: adminInvoicesKey }),
        client.invalidateQueries({ queryKey: adminDashboardKey }),
      ]),
  });
}

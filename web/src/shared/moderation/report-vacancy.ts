import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type ReportReason = components['schemas']['ReportReason'];

export const REPORT_REASONS: readonly ReportReason[] = ['SCAM', 'DISCRIMINATORY', 'MISLEADING', 'FILLED', 'OTHER'];

/** The longest text a report may carry (the server's limit). */
export const REPORT_TEXT_MAX = 1000;

/** `POST /api/open/vacancies/{id}/reports`: anyone reports an ad; the same reporter twice counts once. */
export function useReportVacancy() {
  return useMutation({
    mutationFn: ({ vacancyId, reason, text }: { vacancyId: string; reason: ReportReason; text: string }) =>
      unwrap(api.POST('/api/open/vacancies/{id}/reports', { params: { path: { id: vacancyId } }, body: { reason, text: text.trim() || null } })),
  });
}

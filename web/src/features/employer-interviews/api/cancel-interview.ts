import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { companyInterviewsKey } from './get-company-interviews';

/** `POST /api/employer/interviews/{id}/cancel`: cancels with a message to the applicant. */
export function useCancelCompanyInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ interviewId, message }: { interviewId: string; message: string }) =>
      unwrap(api.POST('/api/employer/interviews/{id}/cancel', { params: { path: { id: interviewId } }, body: { message: message.trim() } })),
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: companyInterviewsKey }),
  });
}

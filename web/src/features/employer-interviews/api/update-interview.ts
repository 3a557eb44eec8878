import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { type InterviewValues, toBody } from '@/shared/interviews/lib/form';

import { companyInterviewsKey } from './get-company-interviews';

/** `PUT /api/employer/interviews`: changes an interview; the applicant is mailed the change. */
export function useUpdateInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ interviewId, values }: { interviewId: string; values: InterviewValues }) =>
      unwrap(api.PUT('/api/employer/interviews', { body: { interviewId, ...toBody(values) } })),
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: companyInterviewsKey }),
  });
}

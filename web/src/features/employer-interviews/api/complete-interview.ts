import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { companyInterviewsKey } from './get-company-interviews';

/** `POST /api/employer/interviews/{id}/complete`: marks an interview held, with a conclusion. */
export function useCompleteInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ interviewId, conclusion }: { interviewId: string; conclusion: string }) =>
      unwrap(api.POST('/api/employer/interviews/{id}/complete', { params: { path: { id: interviewId } }, body: { conclusion: conclusion.trim() } })),
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: companyInterviewsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { interviewsQueryKey } from './get-my-interviews';
import type { ApplicantInterview } from './types';

export interface Cancellation {
  interviewId: string;
  message: string;
}

/** Declines an invitation or cancels an accepted interview; the message to the employer is required. */
export function cancelInterview({ interviewId, message }: Cancellation): Promise<ApplicantInterview> {
  return unwrap(
    api.PUT('/api/applicant/interviews/{id}', {
      params: { path: { id: interviewId } },
      body: { status: 'CANCELED', message: message.trim() },
    }),
  );
}

export function useCancelInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelInterview,
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: interviewsQueryKey }),
  });
}

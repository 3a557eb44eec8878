import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { interviewsQueryKey } from './get-my-interviews';
import type { ApplicantInterview } from './types';

export interface Acceptance {
  interviewId: string;
  start: string;
  end: string;
  message: string;
}

/** Accepts an invitation at a time inside one of its slots, with a message to the employer. */
export function acceptInterview({ interviewId, start, end, message }: Acceptance): Promise<ApplicantInterview> {
  return unwrap(
    api.PUT('/api/applicant/interviews/{id}/slots', {
      params: { path: { id: interviewId } },
      body: { start, end, message: message.trim() || null },
    }),
  );
}

export function useAcceptInterview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptInterview,
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: interviewsQueryKey }),
  });
}

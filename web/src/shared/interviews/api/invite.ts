import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { type InterviewValues, toBody } from '../lib/form';

/** Query keys that show interviews; refreshed after an invitation. */
export const interviewKeys = [['employer-interviews'], ['calendar']] as const;

export function inviteToInterview({ applicationId, values }: { applicationId: string; values: InterviewValues }) {
  return unwrap(api.POST('/api/employer/interviews', { body: { applicationId, ...toBody(values) } }));
}

/** `POST /api/employer/interviews`: invites the applicant of an application. */
export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteToInterview,
    meta: { handledLocally: true },
    onSuccess: () => Promise.all(interviewKeys.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}

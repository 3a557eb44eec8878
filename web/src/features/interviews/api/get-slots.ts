import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { interviewsQueryKey } from './get-my-interviews';
import type { InterviewSlots } from './types';

export function fetchSlots(interviewId: string): Promise<InterviewSlots> {
  return unwrap(api.GET('/api/applicant/interviews/{id}/slots', { params: { path: { id: interviewId } } }));
}

/** The offered slots as they are now (read again each time the accept dialog opens). */
export function useInterviewSlots(interviewId: string | null) {
  return useQuery({
    queryKey: [...interviewsQueryKey, 'slots', interviewId],
    queryFn: () => fetchSlots(interviewId as string),
    enabled: !!interviewId,
    staleTime: 0,
    gcTime: 0,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { candidateQueryKey } from './get-candidate';
import { candidatesQueryKey } from './get-candidates';
import type { CandidateView } from './types';
import type { ApplicationStatus } from '../lib/search-params';

/** Moves the candidate's status; answers the candidate, or nothing once deleted. */
export async function setCandidateStatus({ applicationId, status }: { applicationId: string; status: ApplicationStatus }): Promise<CandidateView | undefined> {
  return (await unwrap(api.PATCH('/api/user/applications/{id}/status', { params: { path: { id: applicationId } }, body: { status } }))) ?? undefined;
}

export function useSetCandidateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCandidateStatus,
    onSuccess: (view, { applicationId }) => {
      if (view) client.setQueryData(candidateQueryKey(applicationId), view);
      return client.invalidateQueries({ queryKey: [...candidatesQueryKey, 'list'] });
    },
  });
}

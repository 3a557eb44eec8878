import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { candidateQueryKey } from './get-candidate';
import { candidatesQueryKey } from './get-candidates';
import type { CandidateView, JudgementRequest } from './types';

export function judgeCandidate({ applicationId, body }: { applicationId: string; body: JudgementRequest }): Promise<CandidateView> {
  return unwrap(api.PATCH('/api/employer/applications/{id}', { params: { path: { id: applicationId } }, body }));
}

/** Rates the candidate, gives or clears the verdict, assesses answers. */
export function useJudgeCandidate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: judgeCandidate,
    onSuccess: (view) => {
      client.setQueryData(candidateQueryKey(view.candidate.applicationId), view);
      return client.invalidateQueries({ queryKey: [...candidatesQueryKey, 'list'] });
    },
  });
}

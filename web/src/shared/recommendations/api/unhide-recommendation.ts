import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { recommendationsKey } from './get-recommendations';

/** `DELETE /api/user/recommendations/hidden/{vacancyId}`: undoes "not for me"; the lists are asked again. */
export function useUnhideRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vacancyId: string) => unwrap(api.DELETE('/api/user/recommendations/hidden/{vacancyId}', { params: { path: { vacancyId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: recommendationsKey }),
  });
}

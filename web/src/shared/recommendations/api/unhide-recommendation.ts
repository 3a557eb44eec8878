import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '@/shared/api/client';

import { recommendationsKey } from './get-recommendations';

/** `DELETE /api/user/recommendations/hidden/{vacancyId}`: undoes "not for me"; the lists are asked again. */
export function useUnhideRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vacancyId: string) => request<void>('DELETE', `/api/user/recommendations/hidden/${encodeURIComponent(vacancyId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: recommendationsKey }),
  });
}

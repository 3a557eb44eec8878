import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { recommendationsKey } from './get-recommendations';
import type { Recommendations } from './types';

/**
 * `POST /api/user/recommendations/hidden {vacancyId}` ("not for me"): the vacancy leaves every
 * list of recommendations at once, then the lists are asked again (another vacancy may take its place).
 */
export function useHideRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vacancyId: string) => unwrap(api.POST('/api/user/recommendations/hidden', { body: { vacancyId } })),
    onSuccess: (_answer, vacancyId) => {
      client.setQueriesData<Recommendations>({ queryKey: recommendationsKey }, (list) =>
        list ? { ...list, items: list.items.filter((item) => item.vacancy.vacancyId !== vacancyId) } : list,
      );
      return client.invalidateQueries({ queryKey: recommendationsKey });
    },
  });
}

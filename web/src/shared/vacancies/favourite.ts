import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export type FavouriteChange = { vacancyId: string; favourite: boolean };

/** Saves or forgets a vacancy for the signed-in applicant. */
export function changeFavourite({ vacancyId, favourite }: FavouriteChange): Promise<unknown> {
  return favourite
    ? unwrap(api.POST('/api/applicant/favourites-vacancies', { body: { vacancyId } as never }))
    : unwrap(api.DELETE('/api/applicant/favourites-vacancies', { params: { query: { vacancyId } as never } }));
}

export function useChangeFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeFavourite,
    onSuccess: (_data, { vacancyId }) => {
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({ event: 'favouritesClick', vacancyId });
      return client.invalidateQueries({ queryKey: ['favourites'] });
    },
  });
}

/** The applicant's saved vacancies that are still open, as cards, most recently saved first. */
export function useFavourites(enabled = true) {
  return useQuery({
    queryKey: ['favourites'],
    queryFn: () => unwrap(api.GET('/api/applicant/favourites-vacancies')),
    enabled,
    meta: { handledLocally: true },
  });
}

/** The ids of the applicant's saved vacancies (the vacancy page has no favourite flag of its own). */
export function useFavouriteIds(enabled: boolean): Set<string> | undefined {
  const favourites = useFavourites(enabled);
  return favourites.data ? new Set(favourites.data.map((vacancy) => vacancy.vacancyId)) : undefined;
}

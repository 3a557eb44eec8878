import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const savedCvsKey = ['cv-base', 'saved'] as const;

/** `GET /api/employer/favourites-cv`: the company's saved CVs, the last saved first. */
export function useSavedCvs() {
  return useQuery({ queryKey: savedCvsKey, queryFn: () => unwrap(api.GET('/api/employer/favourites-cv')) });
}

/** `POST /api/employer/favourites-cv/{id}`: saves a CV of the database (again: no change). */
export function useSaveCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cvId: string) => unwrap(api.POST('/api/employer/favourites-cv/{id}', { params: { path: { id: cvId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: savedCvsKey }),
  });
}

/** `DELETE /api/employer/favourites-cv?cvId=`: removes a CV from the saved list. */
export function useRemoveSavedCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cvId: string) => unwrap(api.DELETE('/api/employer/favourites-cv', { params: { query: { cvId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: savedCvsKey }),
  });
}

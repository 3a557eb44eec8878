import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { cvQueryKey } from './get-cv';
import { myCvsQueryKey } from './get-my-cvs';

export async function deleteCv(cvId: string): Promise<void> {
  await unwrap(api.DELETE('/api/applicant/cv/{id}', { params: { path: { id: cvId } } }));
}

export function useDeleteCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCv,
    onSuccess: (_, cvId) => {
      client.removeQueries({ queryKey: cvQueryKey(cvId) });
      void client.invalidateQueries({ queryKey: myCvsQueryKey });
    },
  });
}

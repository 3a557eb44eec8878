import { useMutation, useQueryClient } from '@tanstack/react-query';

import { cvToInput } from '../lib/form';
import { cvQueryKey, fetchCv } from './get-cv';
import { myCvsQueryKey } from './get-my-cvs';
import { saveCv } from './save-cv';
import type { Cv, Visibility } from './types';

/**
 * Shows a CV in the CV database or hides it. A save replaces the whole CV, so the CV is read and
 * sent back whole with only its visibility changed.
 */
export async function setVisibility({ cvId, visibility }: { cvId: string; visibility: Visibility }): Promise<Cv> {
  return saveCv(cvToInput(await fetchCv(cvId), { visibility }));
}

export function useSetVisibility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setVisibility,
    onSuccess: (cv) => {
      client.setQueryData(cvQueryKey(cv.cvId), cv);
      void client.invalidateQueries({ queryKey: myCvsQueryKey });
    },
  });
}

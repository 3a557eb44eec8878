import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import { cvQueryKey } from './get-cv';
import { myCvsQueryKey } from './get-my-cvs';
import type { Cv, CvInput } from './types';

export async function saveCv(input: CvInput): Promise<Cv> {
  // the generated CvInput has the wrong row shapes for two lists (see ./types)
  const body = input as unknown as components['schemas']['CvInput'];
  return (await unwrap(api.POST('/api/applicant/cv', { body }))) as unknown as Cv;
}

/** Creates or replaces a CV; the list and the CV itself are read again. Errors are the screen's to show. */
export function useSaveCv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCv,
    meta: { handledLocally: true },
    onSuccess: (cv) => {
      client.setQueryData(cvQueryKey(cv.cvId), cv);
      void client.invalidateQueries({ queryKey: myCvsQueryKey });
    },
  });
}

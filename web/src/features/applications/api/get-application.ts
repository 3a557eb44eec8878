import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { ApplicationDetail } from './get-application-by-link';

/** `GET /api/user/applications/{id}`: one of the applicant's own applications in full. */
export function useApplication(applicationId: string) {
  return useQuery({
    queryKey: ['my-application', applicationId],
    queryFn: (): Promise<ApplicationDetail> => unwrap(api.GET('/api/user/applications/{id}', { params: { path: { id: applicationId } } })),
    retry: false,
    // the screen says "not found" in its own way
    meta: { handledLocally: true },
  });
}

import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type ApplicationDetail = components['schemas']['ApplicationDetail'];

/** The application behind a link of its confirmation mail (its applicant only). */
export function useApplicationByLink(linkId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['application-link', linkId],
    queryFn: () => unwrap(api.GET('/api/open/application/{link}', { params: { path: { link: linkId } } })),
    enabled,
    retry: false,
    meta: { handledLocally: true },
  });
}

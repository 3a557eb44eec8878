import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

import type { Tab } from '../lib/tabs';

export type MyApplication = components['schemas']['MyApplication'];

/** The applicant's applications under one tab. */
export function useMyApplications(tab: Tab) {
  return useQuery({
    queryKey: ['my-applications', tab],
    queryFn: () => unwrap(api.GET('/api/applicant/applications/my', { params: { query: { status: tab } } })),
  });
}

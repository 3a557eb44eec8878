import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/**
 * The applicant's CVs, to choose the one to send. The key is the CV screens' own, so a CV saved
 * there is offered here straight away.
 */
export function useMyCvs() {
  return useQuery({ queryKey: ['cv', 'my'], queryFn: () => unwrap(api.GET('/api/applicant/cv/my')) });
}

import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

/** The applicant's CVs, to choose the one to send. */
export function useMyCvs() {
  return useQuery({ queryKey: ['my-cvs'], queryFn: () => unwrap(api.GET('/api/applicant/cv/my')) });
}

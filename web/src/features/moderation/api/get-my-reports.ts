import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type MyReport = components['schemas']['MyReport'];

/** `GET /api/user/vacancy-reports`: the signed-in user's reports with their outcome, newest first. */
export function useMyReports(language: string) {
  return useQuery({ queryKey: ['user', 'vacancy-reports', language], queryFn: () => unwrap(api.GET('/api/user/vacancy-reports')) });
}

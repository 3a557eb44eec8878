import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import type { WorkingDay } from './types';

export const workingHoursKey = ['working-hours'] as const;

/** `GET /api/employer/working_hours/company`. */
export function useWorkingHours(_whose: 'company') {
  return useQuery({ queryKey: [...workingHoursKey, 'company'], queryFn: () => unwrap(api.GET('/api/employer/working_hours/company')) });
}

/** `GET /api/employer/working_hours/user`: the user's own week and id. */
export function useUserWorkingHours() {
  return useQuery({ queryKey: [...workingHoursKey, 'user'], queryFn: () => unwrap(api.GET('/api/employer/working_hours/user')) });
}

/** `POST /api/employer/working_hours/company/{a}/{b}` or `/user/{userId}`: replaces a week. */
export function useSaveWorkingHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, days }: { target: { company: [string, string] } | { userId: string }; days: WorkingDay[] }) =>
      'company' in target
        ? unwrap(
            api.POST('/api/employer/working_hours/company/{countryCode}/{registryCode}', {
              params: { path: { countryCode: target.company[0], registryCode: target.company[1] } },
              body: { days },
            }),
          )
        : unwrap(api.POST('/api/employer/working_hours/user/{userId}', { params: { path: { userId: target.userId } }, body: { days } })),
    meta: { handledLocally: true },
    onSuccess: () => client.invalidateQueries({ queryKey: workingHoursKey }),
  });
}

import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type Dashboard = components['schemas']['Dashboard'];

export const adminDashboardKey = ['admin', 'dashboard'] as const;

/** `GET /api/admin/dashboard`: today's figures, this month's revenue and the last 30 days' publications. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: adminDashboardKey,
    queryFn: () => unwrap(api.GET('/api/admin/dashboard')),
  });
}

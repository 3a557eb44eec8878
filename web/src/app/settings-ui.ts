import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

export const SETTINGS_REFRESH_MS = 15 * 60 * 1000;
export const SETTINGS_RETRY_MS = 5_000;

/** The UI settings (locales, build), refreshed every 15 minutes and retried 5 s after a failure. */
export function useSettingsUi() {
  return useQuery({
    queryKey: ['settings-ui'],
    queryFn: () => unwrap(api.GET('/api/open/settings-ui')),
    refetchInterval: SETTINGS_REFRESH_MS,
    retry: true,
    retryDelay: SETTINGS_RETRY_MS,
    staleTime: SETTINGS_REFRESH_MS,
    meta: { handledLocally: true },
  });
}

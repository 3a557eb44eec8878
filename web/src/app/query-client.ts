import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { ApiError, globalErrorAction } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { currentLanguage } from '@/shared/i18n/languages';
import { notifyError } from '@/shared/ui/notify';

declare module '@tanstack/react-query' {
  interface Register {
    /** `handledLocally`: the screen shows the error itself (field errors); 401/403 stay global. */
    queryMeta: { handledLocally?: boolean };
    mutationMeta: { handledLocally?: boolean };
  }
}

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The router hands its navigate here once created, so errors move without a page load. */
export function setGlobalNavigate(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

/** Spec 1 section 8: 401 to /logout, 403 to /403, other messages as a danger toast. */
export function handleGlobalError(error: unknown, handledLocally = false): void {
  const action = globalErrorAction(error, handledLocally);
  if (action.kind === 'navigate') navigateTo(`/${currentLanguage()}/${action.to}`);
  else if (action.kind === 'toast') notifyError(errorText(error));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleGlobalError(error, query.meta?.handledLocally) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleGlobalError(error, mutation.meta?.handledLocally),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // a client error will not change by asking again
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}

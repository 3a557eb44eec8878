import { useRouteError } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { FullScreenError } from '@/shared/ui/full-screen-error';

/** A route that failed to load or render: the full-screen error with the way home. */
export function RouteError() {
  const error = useRouteError();
  return <FullScreenError message={error ? errorText(error) : undefined} />;
}

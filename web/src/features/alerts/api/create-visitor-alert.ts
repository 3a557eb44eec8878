import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

export type VisitorSavedSearch = components['schemas']['VisitorSavedSearch'];

/** A visitor saves a search by e-mail; a confirmation mail goes to the address. */
export function useCreateVisitorAlert() {
  return useMutation({ mutationFn: (body: VisitorSavedSearch) => unwrap(api.POST('/api/open/saved-searches', { body })) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Gender } from '@/shared/api/types';
import type { Language } from '@/shared/i18n/languages';

export function fetchGenders(): Promise<Gender[]> {
  return unwrap(api.GET('/api/open/genders'));
}

/** Labels follow Accept-Language, so the list is cached per language and reloads on a switch. */
export const gendersQuery = (language: Language) =>
  queryOptions({ queryKey: ['reference', 'genders', language], queryFn: fetchGenders, staleTime: Infinity });

export function useGenders(language: Language) {
  return useQuery(gendersQuery(language));
}

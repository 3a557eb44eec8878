import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

import type { CategoryItem } from './api';

export function fetchCategories(): Promise<CategoryItem[]> {
  return unwrap(api.GET('/api/open/categories'));
}

/** Categories with their vacancy counts and Tabler icon names. */
export const categoriesQuery = (language: Language) => queryOptions({ queryKey: ['categories', language], queryFn: fetchCategories });

export function useCategories(language: Language) {
  return useQuery(categoriesQuery(language));
}

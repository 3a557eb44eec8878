import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

export interface Option {
  value: string;
  label: string;
}

/** The reference lists the search filters offer, as value/label options in the page language. */
const referenceLists = {
  categories: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/categories'))).map((item) => ({ value: item.categoryCode, label: item.label })),
  cities: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/addresses/{countryCode}/cities', { params: { path: { countryCode: 'EE' } } }))).map((item) => ({
      value: item.code,
      label: item.address,
    })),
  employments: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/employments'))).map((item) => ({ value: item.employmentType, label: item.label })),
  workExperiences: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/work-experiences'))).map((item) => ({ value: item.workExperienceType, label: item.label })),
  languages: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/languages'))).map((item) => ({ value: item.languageCode, label: item.label })),
  periods: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/periods'))).map((item) => ({ value: item.periodType, label: item.label })),
};

export type ReferenceList = keyof typeof referenceLists;

export const referenceQuery = (list: ReferenceList, language: Language) =>
  queryOptions({ queryKey: ['reference', list, language], queryFn: referenceLists[list], staleTime: 60 * 60 * 1000 });

export function useReference(list: ReferenceList, language: Language): Option[] {
  return useQuery({ ...referenceQuery(list, language), meta: { handledLocally: true } }).data ?? [];
}

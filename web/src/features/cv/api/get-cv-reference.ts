import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';
import { type Option, referenceQuery, type ReferenceList } from '@/shared/vacancies/reference';

/** The CV's own reference lists, beside the shared ones (categories, cities, employments, languages). */
const cvLists = {
  genders: async (): Promise<Option[]> => (await unwrap(api.GET('/api/open/genders'))).map((item) => ({ value: item.gender, label: item.label })),
  educationLevels: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/education-levels'))).map((item) => ({ value: item.educationLevel, label: item.label })),
  proficiencies: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/proficiencies'))).map((item) => ({ value: item.languageProficiency, label: item.label })),
  skillLevels: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/skill-levels'))).map((item) => ({ value: item.skillLevel, label: item.label })),
  driverLicences: async (): Promise<Option[]> =>
    (await unwrap(api.GET('/api/open/driver-licences'))).map((item) => ({ value: item.driverLicence, label: item.label })),
};

export type CvReferenceList = keyof typeof cvLists;

/** Labels follow Accept-Language, so each list is cached per language. */
const cvReferenceQuery = (list: CvReferenceList, language: Language) =>
  queryOptions({ queryKey: ['reference', 'cv', list, language], queryFn: cvLists[list], staleTime: 60 * 60 * 1000 });

export function useCvReference(list: CvReferenceList | ReferenceList, language: Language): Option[] {
  const query = list in cvLists ? cvReferenceQuery(list as CvReferenceList, language) : referenceQuery(list as ReferenceList, language);
  return useQuery({ ...query, meta: { handledLocally: true } }).data ?? [];
}

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import type { Language } from '@/shared/i18n/languages';

export interface Option {
  value: string;
  label: string;
}

export interface OptionGroup {
  group: string;
  items: Option[];
}

/** The occupations of one category. */
export interface OccupationGroup extends OptionGroup {
  categoryCode: string;
}

/**
 * The reference lists the search filters, the CV and the vacancy editor offer, as value/label
 * options in the page language (labels follow Accept-Language, so each list is cached per language).
 */
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

export type ReferenceList = keyof typeof referenceLists;

export const referenceQuery = (list: ReferenceList, language: Language) =>
  queryOptions({ queryKey: ['reference', list, language], queryFn: referenceLists[list], staleTime: 60 * 60 * 1000 });

export function useReference(list: ReferenceList, language: Language): Option[] {
  return useQuery({ ...referenceQuery(list, language), meta: { handledLocally: true } }).data ?? [];
}

/** The occupations under their categories (an occupation belongs to one category), for a grouped select. */
async function occupationGroups(): Promise<OccupationGroup[]> {
  return (await unwrap(api.GET('/api/open/categories/extended')))
    .filter((category) => category.occupations.length > 0)
    .map((category) => ({
      categoryCode: category.categoryCode,
      group: category.label,
      items: category.occupations.map((occupation) => ({ value: occupation.occupationCode, label: occupation.label })),
    }));
}

export function useOccupationGroups(language: Language): OccupationGroup[] {
  return (
    useQuery({ queryKey: ['reference', 'occupations', language], queryFn: occupationGroups, staleTime: 60 * 60 * 1000, meta: { handledLocally: true } }).data ?? []
  );
}

import type { Language } from '@/shared/i18n/languages';
import { type Option, type ReferenceList, useReference } from '@/shared/vacancies/reference';

/** The CV's reference lists (categories, cities, employments, languages, genders, levels, licences…). */
export function useCvReference(list: ReferenceList, language: Language): Option[] {
  return useReference(list, language);
}

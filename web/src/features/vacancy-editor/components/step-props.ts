import type { UseFormReturnType } from '@mantine/form';

import type { Language } from '@/shared/i18n/languages';

import type { NumberValue, VacancyForm } from '../lib/form';

export type VacancyFormApi = UseFormReturnType<VacancyForm>;

export interface StepProps {
  form: VacancyFormApi;
  language: Language;
}

type NumberPath = 'salaryFrom' | 'salaryTo' | 'minAge' | 'maxAge' | `questions.${number}.weight` | `driverLicences.${number}.experienceYears`;

/** A number input's props: a number, or the empty string for none (never a half-typed text). */
export function numberProps(form: VacancyFormApi, path: NumberPath) {
  const props = form.getInputProps(path);
  return {
    ...props,
    value: props.value as NumberValue,
    onChange: (value: number | string) => form.setFieldValue(path, (typeof value === 'number' ? value : '') as never),
  };
}

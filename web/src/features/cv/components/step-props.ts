import type { UseFormReturnType } from '@mantine/form';

import type { Language } from '@/shared/i18n/languages';

import type { CvForm } from '../lib/form';

export type CvFormApi = UseFormReturnType<CvForm>;

export interface StepProps {
  form: CvFormApi;
  language: Language;
}

/** The props of a text field (TextField) for a text value of the form. */
export function textProps(form: CvFormApi, path: string) {
  const props = form.getInputProps(path);
  return { ...props, value: props.value as string };
}

/** The props of a select or date field for a text value of the form, where '' stands for none. */
export function choiceProps(form: CvFormApi, path: string) {
  const { value, onChange, ...props } = form.getInputProps(path);
  return { ...props, value: (value as string) || null, onChange: (choice: string | null) => onChange(choice ?? '') };
}

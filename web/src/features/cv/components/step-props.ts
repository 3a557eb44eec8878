import type { Language } from '@/shared/i18n/languages';

import type { CvForm, RowList, RowOf } from '../lib/form';

/** Changes the form; `touched` are the error paths the change answers, cleared with it. */
export type FormUpdate = (change: (form: CvForm) => CvForm, touched?: string[]) => void;

export interface StepProps {
  form: CvForm;
  /** Translated messages by field path (`title`, `educations[0].institution`). */
  errors: Record<string, string>;
  update: FormUpdate;
  language: Language;
}

/** Sets fields of the form. */
export function setFields(update: FormUpdate, patch: Partial<CvForm>): void {
  update((form) => ({ ...form, ...patch }), Object.keys(patch));
}

/** Sets fields of one row of a list. */
export function setRowFields<L extends RowList>(update: FormUpdate, list: L, index: number, patch: Partial<RowOf<L>>): void {
  update(
    (form) => ({ ...form, [list]: (form[list] as RowOf<L>[]).map((row, i) => (i === index ? { ...row, ...patch } : row)) }),
    Object.keys(patch).map((field) => `${list}[${index}].${field}`),
  );
}

import type { WizardStep } from './steps';

/** The employer's vacancy screens (spec 2 section 2), below the language. */
export const MY_VACANCIES_PATH = '/employer/account/my-vacancies';

export function editorPath(vacancyId: string, step: WizardStep): string {
  return `${MY_VACANCIES_PATH}/${encodeURIComponent(vacancyId)}/edit?step=${step}`;
}

/** The preview; `from` is the wizard's step to come back to. */
export function previewPath(vacancyId: string, from?: WizardStep): string {
  return `${MY_VACANCIES_PATH}/${encodeURIComponent(vacancyId)}/preview${from ? `?from=${from}` : ''}`;
}

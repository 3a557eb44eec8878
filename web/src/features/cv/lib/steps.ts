import type { FormErrors } from '@mantine/form';

/** The six wizard steps in order (spec 1 section 2). */
export const STEPS = ['personal', 'education', 'experience', 'skills', 'preferredJob', 'additional'] as const;
export type Step = (typeof STEPS)[number];

/** The fields of the form each step holds. */
const FIELDS_OF_STEP: Record<Step, readonly string[]> = {
  personal: ['title', 'firstname', 'lastname', 'email', 'phone', 'dateOfBirth', 'gender', 'cityCode'],
  education: ['educations'],
  experience: ['employmentHistories'],
  skills: ['languageSkills', 'skills', 'driverLicences'],
  preferredJob: ['categories', 'employmentType', 'workLocation', 'workLocationCode'],
  additional: ['certificates', 'courses', 'references', 'portfolio', 'aboutMe', 'visibility'],
};

/**
 * The form's names of the fields the server names otherwise in its errors; the free-text place
 * has no input of its own, so its message shows on the chosen place.
 */
export const SERVER_FIELD_NAMES = { phoneNumber: 'phone', fileId: 'file', fileIds: 'files', workLocation: 'workLocationCode' };

/** The step index showing a field of the form, e.g. `employmentHistories.0.endDate` -> 2; null for none. */
export function stepOfField(path: string | null | undefined): number | null {
  if (!path) return null;
  const root = path.split('.', 1)[0];
  const index = STEPS.findIndex((step) => FIELDS_OF_STEP[step].includes(root));
  return index === -1 ? null : index;
}

/** The errors of one step, or with `others`, those of every other step. */
export function errorsOfStep(errors: FormErrors, step: number, { others = false } = {}): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => (stepOfField(path) === step) !== others));
}

/** The first step holding one of the errors, or null without errors. */
export function firstStepWithErrors(errors: FormErrors): number | null {
  const steps = Object.keys(errors)
    .map((path) => stepOfField(path))
    .filter((step): step is number => step !== null);
  return steps.length ? Math.min(...steps) : null;
}

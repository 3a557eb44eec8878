/** The six wizard steps in order (spec 1 section 2). */
export const STEPS = ['personal', 'education', 'experience', 'skills', 'preferredJob', 'additional'] as const;
export type Step = (typeof STEPS)[number];

/** The fields of `CvInput` (as the server names them in errors) each step holds. */
const FIELDS_OF_STEP: Record<Step, readonly string[]> = {
  personal: ['title', 'firstname', 'lastname', 'email', 'phoneNumber', 'dateOfBirth', 'gender', 'cityCode'],
  education: ['educations'],
  experience: ['employmentHistories'],
  skills: ['languageSkills', 'skills', 'driverLicences'],
  preferredJob: ['categories', 'employmentType', 'workLocation', 'workLocationCode'],
  additional: ['certificates', 'courses', 'references', 'portfolio', 'aboutMe', 'visibility'],
};

/** The top-level field of a path: `educations[1].institution` -> `educations`. */
export function rootField(path: string): string {
  return path.split(/[[.]/, 1)[0] ?? path;
}

/** The step index showing a field the server named, e.g. `employmentHistories[0].endDate` -> 2; null for none. */
export function stepOfField(path: string | null | undefined): number | null {
  if (!path) return null;
  const root = rootField(path);
  const index = STEPS.findIndex((step) => FIELDS_OF_STEP[step].includes(root));
  return index === -1 ? null : index;
}

/** Whether an error path belongs to a step. */
export function isFieldOfStep(path: string, step: number): boolean {
  return stepOfField(path) === step;
}

/** The wizard's five steps in order (spec 2 section 2), then the publish step. */
export const STEPS = ['basic', 'branding', 'requirements', 'questions', 'autoReply'] as const;
export type Step = (typeof STEPS)[number];
export type WizardStep = Step | 'publish';

/** The document's fields each step holds, as the server and the form name them. */
const FIELDS_OF_STEP: Record<Step, readonly string[]> = {
  basic: [
    'occupationCode',
    'categoryCodes',
    'countryCode',
    'ehakCode',
    'address',
    'adsAdrId',
    'employmentTypeCode',
    'salaryFrom',
    'salaryTo',
    'salaryPeriodCode',
    'salaryByAgreement',
    'remoteWork',
    'shiftWork',
    'publishAt',
    'publishDate',
    'publishTime',
    'contents',
    'imageFileId',
    'applyLink',
  ],
  branding: ['coverFileId', 'galleryFileIds', 'videoUrl'],
  requirements: [
    'minAge',
    'maxAge',
    'requiredCityCode',
    'requiredGenderCode',
    'educationLevelCode',
    'workExperienceCode',
    'languages',
    'driverLicences',
    'cvNotRequired',
    'forDisabled',
    'forForeigners',
    'forRetired',
    'forStudents',
    'forUnderage',
  ],
  questions: ['questions'],
  autoReply: ['autoReplyText'],
};

/** The top-level field of a path: `languages.1.proficiency` or `languages[1].proficiency` -> `languages`. */
export function rootField(path: string): string {
  return path.split(/[[.]/, 1)[0] ?? path;
}

/** The step showing a field, or null for a field no step shows. */
export function stepOfField(path: string | null | undefined): Step | null {
  if (!path) return null;
  const root = rootField(path);
  return STEPS.find((step) => FIELDS_OF_STEP[step].includes(root)) ?? null;
}

/** The first step (in wizard order) holding one of the error paths. */
export function firstStepWithErrors(paths: Iterable<string>): Step | null {
  const steps = new Set([...paths].map(stepOfField));
  return STEPS.find((step) => steps.has(step)) ?? null;
}

/** The step of the URL's `?step=`; the first step for a missing or unknown one. */
export function parseStep(value: string | null): WizardStep {
  if (value === 'publish') return 'publish';
  return STEPS.find((step) => step === value) ?? 'basic';
}

/** The step after `step` (the publish step after the last one). */
export function nextStep(step: WizardStep): WizardStep {
  if (step === 'publish') return 'publish';
  return STEPS[STEPS.indexOf(step) + 1] ?? 'publish';
}

export function previousStep(step: WizardStep): Step | null {
  if (step === 'publish') return STEPS[STEPS.length - 1]!;
  return STEPS[STEPS.indexOf(step) - 1] ?? null;
}

/** The stepper's index: the five steps, then the publish step. */
export function stepIndex(step: WizardStep): number {
  return step === 'publish' ? STEPS.length : STEPS.indexOf(step);
}

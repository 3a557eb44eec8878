import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type ApplyForm = Schemas['ApplyForm'];
export type CvSummary = Schemas['CvSummary'];

/** The same limits as the server (domain/src/applications/mod.rs). */
export const MAX_COVER_LETTER = 5000;
export const MAX_ANSWER = 2000;

/** The choice of CV: one of the applicant's CVs, or `WITHOUT_CV` where the vacancy allows it. */
export const WITHOUT_CV = 'none';

export interface ApplyValues {
  cv: string | null;
  coverLetter: string;
  answers: Record<string, string>;
}

export type ApplyErrors = {
  cv?: 'required';
  coverLetter?: 'tooLong';
  answers?: Record<string, 'required' | 'tooLong'>;
};

/** The CVs an application can carry: finished ones only (a draft is never sent). */
export function sendableCvs(cvs: readonly CvSummary[]): CvSummary[] {
  return cvs.filter((cv) => cv.status === 'ACTIVE');
}

/** The first choice: the most recent finished CV, else "without CV" where allowed, else nothing. */
export function initialCv(cvs: readonly CvSummary[], cvNotRequired: boolean): string | null {
  const [first] = [...sendableCvs(cvs)].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  if (first) return first.cvId;
  return cvNotRequired ? WITHOUT_CV : null;
}

/** Mirrors the server's rules: a CV unless the vacancy needs none, every question answered, lengths. */
export function validateApplication(values: ApplyValues, form: Pick<ApplyForm, 'cvNotRequired' | 'questions'>): ApplyErrors {
  const errors: ApplyErrors = {};
  if (!values.cv || (values.cv === WITHOUT_CV && !form.cvNotRequired)) errors.cv = 'required';
  if ([...values.coverLetter.trim()].length > MAX_COVER_LETTER) errors.coverLetter = 'tooLong';
  const answers: Record<string, 'required' | 'tooLong'> = {};
  for (const { questionId } of form.questions) {
    const answer = (values.answers[questionId] ?? '').trim();
    if (!answer) answers[questionId] = 'required';
    else if ([...answer].length > MAX_ANSWER) answers[questionId] = 'tooLong';
  }
  if (Object.keys(answers).length) errors.answers = answers;
  return errors;
}

export function hasErrors(errors: ApplyErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The body of `POST /api/applicant/applications`. */
export function applicationBody(vacancyId: string, values: ApplyValues, form: Pick<ApplyForm, 'questions'>): Schemas['NewApplication'] {
  const coverLetter = values.coverLetter.trim();
  return {
    vacancyId,
    cvId: values.cv && values.cv !== WITHOUT_CV ? values.cv : null,
    coverLetter: coverLetter || null,
    answers: form.questions.map(({ questionId }) => ({ questionId, answer: (values.answers[questionId] ?? '').trim() })),
  };
}

/** Only an http or https address is followed to the employer's own page. */
export function externalApplyLink(link: string | null | undefined): string | null {
  const trimmed = link?.trim();
  return trimmed && /^https?:\/\//i.test(trimmed) ? trimmed : null;
}

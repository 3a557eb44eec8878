import { z } from '@/shared/lib/zod';

import { isEmptyDelta, MAX_WEIGHT, MIN_WEIGHT, type NumberValue, TEASER_LIMIT, type VacancyForm } from './form';

/** A draft keeps what is typed (only types and ranges are checked); publishing needs everything. */
export type Mode = 'draft' | 'publish';

/** Translates a message key of the `vacancyEditor` namespace. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The server's limits (domain::vacancies::rules). */
export const MIN_AGE = 14;
export const MAX_AGE = 100;
export const QUESTION_LIMIT = 500;
export const MAX_SALARY = 9_999_999_999.99;
export const MAX_EXPERIENCE_YEARS = 80;

const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) > 1e-6;
const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The client's rules of spec 2 section 5, as the server checks them (domain::vacancies::rules; its
 * 400s name the same paths): a draft may lack anything, but what it holds must be right (a salary
 * needs its period, from ≤ to, amounts ≥ 0 in cents, complete language and question rows, no row
 * twice); publishing also needs the occupation, a category, the address (or at least the place),
 * the type of employment, a salary or salary by agreement, the publish date and time, and a teaser
 * and a text in at least one language. Messages come translated from `t`.
 */
export function vacancySchema(mode: Mode, t: Translate) {
  const required = t('validation.required');
  const amount = z.union([
    z.literal(''),
    z
      .number()
      .min(0, t('validation.notNegative'))
      .max(MAX_SALARY, t('validation.atMost', { max: MAX_SALARY }))
      .refine((value) => !hasCents(value), t('validation.cents')),
  ]);
  const age = z.union([
    z.literal(''),
    z
      .number()
      .int(t('validation.wholeNumber'))
      .min(MIN_AGE, t('validation.between', { min: MIN_AGE, max: MAX_AGE }))
      .max(MAX_AGE, t('validation.between', { min: MIN_AGE, max: MAX_AGE })),
  ]);
  const years = z.union([
    z.literal(''),
    z
      .number()
      .int(t('validation.wholeNumber'))
      .min(0, t('validation.notNegative'))
      .max(MAX_EXPERIENCE_YEARS, t('validation.atMost', { max: MAX_EXPERIENCE_YEARS })),
  ]);
  // a value the row must hold (null while nothing is chosen), never an aborting type error: the
  // rules across fields below run whatever the fields hold
  const filled = z
    .string()
    .nullable()
    .refine((value) => !!value, required);
  const optionalUrl = z.string().refine((value) => !value.trim() || isHttpUrl(value), t('validation.url'));

  // loose: the rules across fields below read every value of the form, not only those checked here
  return z
    .looseObject({
      salaryFrom: amount,
      salaryTo: amount,
      minAge: age,
      maxAge: age,
      videoUrl: optionalUrl,
      applyLink: optionalUrl,
      contents: z.array(
        z.object({ teaser: z.string().max(TEASER_LIMIT, t('validation.teaserTooLong', { max: TEASER_LIMIT })), content: z.string() }),
      ),
      questions: z.array(
        z.object({
          question: z.string().trim().min(1, required).max(QUESTION_LIMIT, t('validation.atMostCharacters', { max: QUESTION_LIMIT })),
          weight: z.union([z.literal(''), z.number()]).refine(
            (weight) => weight !== '' && Number.isInteger(weight) && weight >= MIN_WEIGHT && weight <= MAX_WEIGHT,
            t('validation.weight', { min: MIN_WEIGHT, max: MAX_WEIGHT }),
          ),
        }),
      ),
      languages: z.array(z.object({ language: filled, proficiency: filled })),
      driverLicences: z.array(z.object({ code: z.string().min(1, required), experienceYears: years })),
    })
    .superRefine((form, context) => {
      const values = form as unknown as VacancyForm;
      const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
      const given = (value: NumberValue) => value !== '';

      if (!values.salaryByAgreement) {
        if ((given(values.salaryFrom) || given(values.salaryTo)) && !values.salaryPeriodCode) issue(['salaryPeriodCode'], t('validation.periodNeeded'));
        if (given(values.salaryFrom) && given(values.salaryTo) && values.salaryFrom > values.salaryTo) issue(['salaryTo'], t('validation.fromAboveTo'));
      }
      if (given(values.minAge) && given(values.maxAge) && values.minAge > values.maxAge) issue(['maxAge'], t('validation.minAboveMax'));
      if (!values.publishDate !== !values.publishTime) issue([values.publishDate ? 'publishTime' : 'publishDate'], required);
      values.languages.forEach((row, index) => {
        if (row.language && values.languages.findIndex((other) => other.language === row.language) < index) issue(['languages', index, 'language'], t('validation.repeated'));
      });
      values.questions.forEach((row, index) => {
        const text = row.question.trim();
        if (text && values.questions.findIndex((other) => other.question.trim() === text) < index) issue(['questions', index, 'question'], t('validation.repeated'));
      });

      if (mode === 'draft') return;
      if (!values.occupationCode) issue(['occupationCode'], required);
      if (values.categoryCodes.length === 0) issue(['categoryCodes'], t('validation.category'));
      if (!values.employmentTypeCode) issue(['employmentTypeCode'], required);
      // the place alone will do when there is no street address
      if (!values.address.trim() && !values.ehakCode) issue(['address'], required);
      if (!values.publishDate) issue(['publishDate'], required);
      if (!values.publishTime) issue(['publishTime'], required);
      if (!values.salaryByAgreement && !given(values.salaryFrom) && !given(values.salaryTo)) issue(['salaryFrom'], t('validation.salaryNeeded'));
      // a teaser and a text in every language begun, and at least one language
      const written = values.contents.map((row) => row.teaser.trim() !== '' || !isEmptyDelta(row.content));
      values.contents.forEach((row, index) => {
        if (written[index] && !row.teaser.trim()) issue(['contents', index, 'teaser'], required);
        if (written[index] && isEmptyDelta(row.content)) issue(['contents', index, 'content'], required);
      });
      if (!written.some(Boolean)) {
        issue(['contents', 0, 'teaser'], required);
        issue(['contents', 0, 'content'], required);
      }
    });
}

import { z } from '@/shared/lib/zod';

import { isValidPhone, phoneToStore } from '@/shared/lib/phone';

import type { CertificateRow, CourseRow, DriverLicenceRow, EducationRow, EmploymentRow, LanguageRow, ReferenceRow, SkillRow } from './form';

export const EARLIEST_YEAR = 1900;
export const EARLIEST_DATE = '1900-01-01';
export const MIN_AGE_YEARS = 14;
export const MAX_STUDY_YEARS_AHEAD = 10;
export const MAX_EXPERIENCE_YEARS = 80;

/** Today in the user's own calendar, as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** The same day `years` earlier; 29 February becomes the 28th in a common year. */
export function yearsBefore(iso: string, years: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = year - years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  const safeDay = month === 2 && day === 29 && !leap ? 28 : day;
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(safeDay).padStart(2, '0')}`;
}

/** A message of the `cv` namespace by its i18n key and values: the wizard's `t`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL_OR_NONE = /^([^\s@]+@[^\s@]+\.[^\s@]+)?$/;
const WHOLE_NUMBER_OR_NONE = /^(-?\d+)?$/;

const blank = (value: string) => !value.trim();

const educationIsEmpty = (row: EducationRow) => blank(row.educationLevel) && blank(row.institution) && blank(row.speciality) && blank(row.graduationYear);
const employmentIsEmpty = (row: EmploymentRow) =>
  !row.present && blank(row.company) && blank(row.occupation) && blank(row.startDate) && blank(row.endDate) && blank(row.description);
const languageIsEmpty = (row: LanguageRow) => blank(row.language) && blank(row.proficiency);
const skillIsEmpty = (row: SkillRow) => blank(row.skill) && blank(row.level);
const licenceIsEmpty = (row: DriverLicenceRow) => blank(row.driverLicence) && blank(row.yearOfIssue) && blank(row.experienceYears);
const certificateIsEmpty = (row: CertificateRow) => blank(row.title) && blank(row.year) && !row.file;
const courseIsEmpty = (row: CourseRow) => blank(row.title) && blank(row.organizer) && !row.file;
const referenceIsEmpty = (row: ReferenceRow) => blank(row.name) && blank(row.company) && blank(row.jobTitle) && blank(row.contact) && !row.file;

/**
 * A row of a list: a wholly empty row is left alone, as the server drops it; any other holds to
 * the rules `rulesOf` gives for it, which may depend on the row's own values.
 */
function row<Row>(isEmpty: (row: Row) => boolean, rulesOf: (row: Row) => z.ZodType) {
  return z.custom<Row>().superRefine((value, ctx) => {
    if (isEmpty(value)) return;
    for (const issue of rulesOf(value).safeParse(value).error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}

/** Marks each later row naming the same `field` (a language, a licence) as listed already. */
function unique<Row>(field: keyof Row & string, isEmpty: (row: Row) => boolean, message: string) {
  return (rows: Row[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    rows.forEach((row, index) => {
      if (isEmpty(row)) return;
      const value = row[field];
      if (typeof value === 'string' && !blank(value) && seen.has(value)) ctx.addIssue({ code: 'custom', message, path: [index, field] });
      seen.add(value);
    });
  };
}

/**
 * The rules of spec 1 section 5 for a CV, as domain/src/cvs/mod.rs applies them to a finished CV,
 * so the wizard stops on a step before the server would refuse the save. It checks the form as
 * the inputs hold it (lib/form.ts). A field's checks all run (an aborting one would keep the
 * form's own refinement from running); the form shows the first message of each field.
 */
export function cvSchema(t: Translate, today: string = todayIso()) {
  const thisYear = Number(today.slice(0, 4));
  const required = t('validation.required');
  const filled = (message = required) => z.string().refine((value) => !blank(value), message);
  const year = (latest: number) =>
    filled()
      .trim()
      .regex(WHOLE_NUMBER_OR_NONE, t('validation.wholeNumber'))
      .refine((value) => Number(value) >= EARLIEST_YEAR && Number(value) <= latest, t('validation.yearRange', { min: EARLIEST_YEAR, max: latest }));
  /** A real date from 1900 to `latest`, given unless the field is blank (then `message`). */
  const date = (latest: string, lateMessage: string, message = required) =>
    filled(message)
      .regex(ISO_DATE, t('validation.date'))
      .refine((value) => value >= EARLIEST_DATE, t('validation.dateTooEarly', { date: EARLIEST_DATE }))
      .refine((value) => value <= latest, lateMessage);
  const jobDate = (message?: string) => date(today, t('validation.dateInFuture'), message);

  return z
    .object({
      // personal info
      title: filled(),
      firstname: filled(),
      lastname: filled(),
      email: z.string().trim().regex(EMAIL_OR_NONE, t('validation.email')),
      phone: z.string().refine((value) => {
        const phone = phoneToStore(value);
        return !phone || isValidPhone(phone);
      }, t('validation.phone')),
      dateOfBirth: date(yearsBefore(today, MIN_AGE_YEARS), t('validation.tooYoung', { years: MIN_AGE_YEARS })),
      gender: filled(),
      // education
      educations: z.array(
        row(educationIsEmpty, (education) =>
          z.object({
            educationLevel: filled(),
            institution: filled(),
            graduationYear: year(education.stillStudying ? thisYear + MAX_STUDY_YEARS_AHEAD : thisYear),
          }),
        ),
      ),
      // experience
      employmentHistories: z.array(
        row(employmentIsEmpty, (job) =>
          z.object({
            company: filled(),
            occupation: filled(),
            startDate: jobDate(),
            endDate: job.present
              ? z.string()
              : jobDate(t('validation.endDateOrPresent')).refine(
                  (end) => !jobDate().safeParse(job.startDate).success || end >= job.startDate,
                  t('validation.endBeforeStart'),
                ),
          }),
        ),
      ),
      // skills
      languageSkills: z
        .array(row(languageIsEmpty, () => z.object({ language: filled(), proficiency: filled() })))
        .superRefine(unique('language', languageIsEmpty, t('validation.duplicateLanguage'))),
      skills: z.array(row(skillIsEmpty, () => z.object({ skill: filled(), level: filled() }))),
      driverLicences: z
        .array(
          row(licenceIsEmpty, () =>
            z.object({
              driverLicence: filled(),
              yearOfIssue: year(thisYear),
              experienceYears: z
                .string()
                .trim()
                .refine(
                  (years) => !years || (WHOLE_NUMBER_OR_NONE.test(years) && Number(years) >= 0 && Number(years) <= MAX_EXPERIENCE_YEARS),
                  t('validation.experienceYears', { max: MAX_EXPERIENCE_YEARS }),
                ),
            }),
          ),
        )
        .superRefine(unique('driverLicence', licenceIsEmpty, t('validation.duplicateLicence'))),
      // preferred job: a place chosen, or the free text a CV may carry instead (checked below)
      categories: z.array(z.string()).min(1, t('validation.categories')),
      employmentType: filled(),
      workLocationCode: z.string(),
      workLocation: z.string(),
      // additional
      certificates: z.array(row(certificateIsEmpty, () => z.object({ title: filled(), year: year(thisYear) }))),
      courses: z.array(row(courseIsEmpty, () => z.object({ title: filled(), organizer: filled() }))),
      references: z.array(row(referenceIsEmpty, () => z.object({ name: filled() }))),
      portfolio: z.array(
        z.object({
          url: z
            .string()
            .trim()
            .refine((url) => !url || (/^https?:\/\//i.test(url) && !/\s/.test(url)), t('validation.url')),
        }),
      ),
    })
    .refine((form) => !blank(form.workLocationCode) || !blank(form.workLocation), { message: required, path: ['workLocationCode'] });
}

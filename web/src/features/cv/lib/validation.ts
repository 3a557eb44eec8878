import { isValidPhone, phoneToStore } from '@/shared/lib/phone';

import type { CvForm, DriverLicenceRow, EducationRow, EmploymentRow, LanguageRow } from './form';
import { parseWholeNumber } from './form';
import { STEPS, stepOfField } from './steps';

/**
 * The rules of spec 1 section 5 for a CV, as domain/src/cvs/mod.rs applies them to a finished CV, so
 * the wizard stops on a step before the server would refuse the save. Errors are keyed by the
 * server's field paths (`educations[0].institution`) and carry an i18n key of the `cv` namespace.
 */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

export type Errors = Record<string, FieldError>;

export const EARLIEST_YEAR = 1900;
export const EARLIEST_DATE = '1900-01-01';
export const MIN_AGE_YEARS = 14;
export const MAX_STUDY_YEARS_AHEAD = 10;
export const MAX_EXPERIENCE_YEARS = 80;

const required: FieldError = { key: 'validation.required' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

const blank = (value: string) => !value.trim();

function checkYear(errors: Errors, path: string, value: string, latest: number): void {
  if (blank(value)) return;
  const year = parseWholeNumber(value);
  if (year === null) errors[path] = { key: 'validation.wholeNumber' };
  else if (year < EARLIEST_YEAR || year > latest) errors[path] = { key: 'validation.yearRange', values: { min: EARLIEST_YEAR, max: latest } };
}

/** A date of a job: a real date, from 1900 on, not in the future. */
function checkPastDate(errors: Errors, path: string, value: string, today: string): void {
  if (blank(value)) return;
  if (!ISO_DATE.test(value)) errors[path] = { key: 'validation.date' };
  else if (value < EARLIEST_DATE) errors[path] = { key: 'validation.dateTooEarly', values: { date: EARLIEST_DATE } };
  else if (value > today) errors[path] = { key: 'validation.dateInFuture' };
}

function personal(form: CvForm, today: string, errors: Errors): void {
  if (blank(form.title)) errors.title = required;
  if (blank(form.firstname)) errors.firstname = required;
  if (blank(form.lastname)) errors.lastname = required;
  if (!blank(form.email) && !EMAIL.test(form.email.trim())) errors.email = { key: 'validation.email' };
  const phone = phoneToStore(form.phone);
  if (phone && !isValidPhone(phone)) errors.phoneNumber = { key: 'validation.phone' };
  if (blank(form.dateOfBirth)) errors.dateOfBirth = required;
  else if (!ISO_DATE.test(form.dateOfBirth)) errors.dateOfBirth = { key: 'validation.date' };
  else if (form.dateOfBirth < EARLIEST_DATE) errors.dateOfBirth = { key: 'validation.dateTooEarly', values: { date: EARLIEST_DATE } };
  else if (form.dateOfBirth > yearsBefore(today, MIN_AGE_YEARS)) errors.dateOfBirth = { key: 'validation.tooYoung', values: { years: MIN_AGE_YEARS } };
  if (blank(form.gender)) errors.gender = required;
}

const educationIsEmpty = (row: EducationRow) => blank(row.educationLevel) && blank(row.institution) && blank(row.speciality) && blank(row.graduationYear);

function education(form: CvForm, today: string, errors: Errors): void {
  const thisYear = Number(today.slice(0, 4));
  form.educations.forEach((row, i) => {
    if (educationIsEmpty(row)) return;
    const path = (field: string) => `educations[${i}].${field}`;
    if (blank(row.educationLevel)) errors[path('educationLevel')] = required;
    if (blank(row.institution)) errors[path('institution')] = required;
    if (blank(row.graduationYear)) errors[path('graduationYear')] = required;
    checkYear(errors, path('graduationYear'), row.graduationYear, row.stillStudying ? thisYear + MAX_STUDY_YEARS_AHEAD : thisYear);
  });
}

const employmentIsEmpty = (row: EmploymentRow) =>
  !row.present && blank(row.company) && blank(row.occupation) && blank(row.startDate) && blank(row.endDate) && blank(row.description);

function experience(form: CvForm, today: string, errors: Errors): void {
  form.employmentHistories.forEach((row, i) => {
    if (employmentIsEmpty(row)) return;
    const path = (field: string) => `employmentHistories[${i}].${field}`;
    if (blank(row.company)) errors[path('company')] = required;
    if (blank(row.occupation)) errors[path('occupation')] = required;
    if (blank(row.startDate)) errors[path('startDate')] = required;
    checkPastDate(errors, path('startDate'), row.startDate, today);
    if (row.present) return;
    if (blank(row.endDate)) errors[path('endDate')] = { key: 'validation.endDateOrPresent' };
    checkPastDate(errors, path('endDate'), row.endDate, today);
    if (!errors[path('startDate')] && !errors[path('endDate')] && !blank(row.startDate) && row.endDate < row.startDate) {
      errors[path('endDate')] = { key: 'validation.endBeforeStart' };
    }
  });
}

const languageIsEmpty = (row: LanguageRow) => blank(row.language) && blank(row.proficiency);
const licenceIsEmpty = (row: DriverLicenceRow) => blank(row.driverLicence) && blank(row.yearOfIssue) && blank(row.experienceYears);

function skills(form: CvForm, today: string, errors: Errors): void {
  const thisYear = Number(today.slice(0, 4));
  const languages = new Set<string>();
  form.languageSkills.forEach((row, i) => {
    if (languageIsEmpty(row)) return;
    const path = (field: string) => `languageSkills[${i}].${field}`;
    if (blank(row.language)) errors[path('language')] = required;
    else if (languages.has(row.language)) errors[path('language')] = { key: 'validation.duplicateLanguage' };
    languages.add(row.language);
    if (blank(row.proficiency)) errors[path('proficiency')] = required;
  });
  form.skills.forEach((row, i) => {
    if (blank(row.skill) && blank(row.level)) return;
    if (blank(row.skill)) errors[`skills[${i}].skill`] = required;
    if (blank(row.level)) errors[`skills[${i}].level`] = required;
  });
  const licences = new Set<string>();
  form.driverLicences.forEach((row, i) => {
    if (licenceIsEmpty(row)) return;
    const path = (field: string) => `driverLicences[${i}].${field}`;
    if (blank(row.driverLicence)) errors[path('driverLicence')] = required;
    else if (licences.has(row.driverLicence)) errors[path('driverLicence')] = { key: 'validation.duplicateLicence' };
    licences.add(row.driverLicence);
    if (blank(row.yearOfIssue)) errors[path('yearOfIssue')] = required;
    checkYear(errors, path('yearOfIssue'), row.yearOfIssue, thisYear);
    if (!blank(row.experienceYears)) {
      const years = parseWholeNumber(row.experienceYears);
      if (years === null || years < 0 || years > MAX_EXPERIENCE_YEARS) {
        errors[path('experienceYears')] = { key: 'validation.experienceYears', values: { max: MAX_EXPERIENCE_YEARS } };
      }
    }
  });
}

function preferredJob(form: CvForm, errors: Errors): void {
  if (form.categories.length === 0) errors.categories = { key: 'validation.categories' };
  if (blank(form.employmentType)) errors.employmentType = required;
  if (blank(form.workLocationCode) && blank(form.workLocation)) errors.workLocationCode = required;
}

function additional(form: CvForm, today: string, errors: Errors): void {
  const thisYear = Number(today.slice(0, 4));
  form.certificates.forEach((row, i) => {
    if (blank(row.title) && blank(row.year) && !row.file) return;
    if (blank(row.title)) errors[`certificates[${i}].title`] = required;
    if (blank(row.year)) errors[`certificates[${i}].year`] = required;
    checkYear(errors, `certificates[${i}].year`, row.year, thisYear);
  });
  form.courses.forEach((row, i) => {
    if (blank(row.title) && blank(row.organizer) && !row.file) return;
    if (blank(row.title)) errors[`courses[${i}].title`] = required;
    if (blank(row.organizer)) errors[`courses[${i}].organizer`] = required;
  });
  form.references.forEach((row, i) => {
    if (blank(row.name) && blank(row.company) && blank(row.jobTitle) && blank(row.contact) && !row.file) return;
    if (blank(row.name)) errors[`references[${i}].name`] = required;
  });
  form.portfolio.forEach((row, i) => {
    const url = row.url.trim();
    if (url && (!/^https?:\/\//i.test(url) || /\s/.test(url))) errors[`portfolio[${i}].url`] = { key: 'validation.url' };
  });
}

/** The errors of one step (an index into STEPS). */
export function validateStep(step: number, form: CvForm, today: string = todayIso()): Errors {
  const errors: Errors = {};
  switch (STEPS[step]) {
    case 'personal':
      personal(form, today, errors);
      break;
    case 'education':
      education(form, today, errors);
      break;
    case 'experience':
      experience(form, today, errors);
      break;
    case 'skills':
      skills(form, today, errors);
      break;
    case 'preferredJob':
      preferredJob(form, errors);
      break;
    case 'additional':
      additional(form, today, errors);
      break;
  }
  return errors;
}

/** The errors of every step. */
export function validateAll(form: CvForm, today: string = todayIso()): Errors {
  return Object.assign({}, ...STEPS.map((_, step) => validateStep(step, form, today))) as Errors;
}

/** The first step holding one of the errors, or null without errors. */
export function firstStepWithErrors(errors: Errors | Record<string, unknown>): number | null {
  const steps = Object.keys(errors)
    .map((path) => stepOfField(path))
    .filter((step): step is number => step !== null);
  return steps.length ? Math.min(...steps) : null;
}

/**
 * The errors left once the fields in `touched` change: a path ending in `[` (`educations[`)
 * stands for every row of that list, whose paths shift when a row goes.
 */
export function withoutErrors<T>(errors: Record<string, T>, touched: readonly string[]): Record<string, T> {
  const gone = (path: string) => touched.some((field) => (field.endsWith('[') ? path.startsWith(field) : path === field));
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !gone(path)));
}

/** The errors of other steps than `step`. */
export function withoutStepErrors<T>(errors: Record<string, T>, step: number): Record<string, T> {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOfField(path) !== step));
}

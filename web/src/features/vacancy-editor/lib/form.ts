import { fromWallClock, toWallClock } from '@/shared/lib/tallinn';

import type { ContentLanguage, EmployerVacancyDetail, VacancyDocument } from '../api/types';

export const CONTENT_LANGUAGES: readonly ContentLanguage[] = ['et', 'en', 'ru'];
export const TEASER_LIMIT = 85;
export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 10;
export const DEFAULT_WEIGHT = 5;

/** A number input's value: a number, or the empty string for none. */
export type NumberValue = number | '';

export interface ContentRow {
  languageCode: ContentLanguage;
  teaser: string;
  /** A Quill delta as JSON, or the empty string for no text. */
  content: string;
}

export interface QuestionRow {
  /** For React only; never sent. */
  key: string;
  question: string;
  weight: NumberValue;
}

export interface LanguageRow {
  key: string;
  language: string | null;
  proficiency: string | null;
}

export interface DriverLicenceRow {
  code: string;
  experienceYears: NumberValue;
}

/**
 * The wizard's values as the inputs hold them. Its paths are the document's (Mantine's dots for
 * list indices), so the server's field errors land on the inputs; `contents` always holds the
 * three languages in `CONTENT_LANGUAGES` order, publish date and time are Tallinn wall-clock parts.
 */
export interface VacancyForm {
  occupationCode: string | null;
  categoryCodes: string[];
  employmentTypeCode: string | null;
  countryCode: string;
  ehakCode: string | null;
  address: string;
  adsAdrId: number | null;
  salaryFrom: NumberValue;
  salaryTo: NumberValue;
  salaryPeriodCode: string | null;
  salaryByAgreement: boolean;
  remoteWork: boolean;
  shiftWork: boolean;
  contents: ContentRow[];
  imageFileId: string | null;
  coverFileId: string | null;
  galleryFileIds: string[];
  videoUrl: string;
  /** `YYYY-MM-DD` in Tallinn, or null. */
  publishDate: string | null;
  /** `HH:mm` in Tallinn, or empty. */
  publishTime: string;
  autoReplyText: string;
  applyLink: string;
  questions: QuestionRow[];
  minAge: NumberValue;
  maxAge: NumberValue;
  requiredCityCode: string | null;
  requiredGenderCode: string | null;
  educationLevelCode: string | null;
  workExperienceCode: string | null;
  languages: LanguageRow[];
  driverLicences: DriverLicenceRow[];
  cvNotRequired: boolean;
  forDisabled: boolean;
  forForeigners: boolean;
  forRetired: boolean;
  forStudents: boolean;
  forUnderage: boolean;
}

export const REQUIREMENT_FLAGS = ['cvNotRequired', 'forDisabled', 'forForeigners', 'forRetired', 'forStudents', 'forUnderage'] as const;

let lastKey = 0;
/** A key for a new list row (React only). */
export function rowKey(): string {
  lastKey += 1;
  return `row-${lastKey}`;
}

const text = (value: string | null | undefined) => value ?? '';
const optionalText = (value: string) => (value.trim() ? value.trim() : null);
const optionalNumber = (value: NumberValue) => (value === '' ? null : value);
const numberValue = (value: number | null | undefined): NumberValue => (value ?? '');

/** An empty Quill document (`{"ops":[{"insert":"\n"}]}`) is no text. */
export function isEmptyDelta(content: string): boolean {
  if (!content.trim()) return true;
  try {
    const parsed = JSON.parse(content) as { ops?: { insert?: unknown }[] };
    const ops = Array.isArray(parsed) ? parsed : parsed.ops;
    if (!Array.isArray(ops)) return false;
    return ops.every((op) => typeof op.insert === 'string' && op.insert.trim() === '');
  } catch {
    return false;
  }
}

/** A new vacancy: publish now (to the minute, Tallinn time), nothing else chosen. */
export function emptyForm(now: Date = new Date()): VacancyForm {
  const wallClock = toWallClock(now);
  return {
    occupationCode: null,
    categoryCodes: [],
    employmentTypeCode: null,
    countryCode: 'EE',
    ehakCode: null,
    address: '',
    adsAdrId: null,
    salaryFrom: '',
    salaryTo: '',
    salaryPeriodCode: null,
    salaryByAgreement: false,
    remoteWork: false,
    shiftWork: false,
    contents: CONTENT_LANGUAGES.map((languageCode) => ({ languageCode, teaser: '', content: '' })),
    imageFileId: null,
    coverFileId: null,
    galleryFileIds: [],
    videoUrl: '',
    publishDate: wallClock.slice(0, 10),
    publishTime: wallClock.slice(11, 16),
    autoReplyText: '',
    applyLink: '',
    questions: [],
    minAge: '',
    maxAge: '',
    requiredCityCode: null,
    requiredGenderCode: null,
    educationLevelCode: null,
    workExperienceCode: null,
    languages: [],
    driverLicences: [],
    cvNotRequired: false,
    forDisabled: false,
    forForeigners: false,
    forRetired: false,
    forStudents: false,
    forUnderage: false,
  };
}

/** The form of a saved vacancy. */
export function formFromVacancy(vacancy: EmployerVacancyDetail | VacancyDocument): VacancyForm {
  const wallClock = vacancy.publishAt ? toWallClock(vacancy.publishAt) : null;
  return {
    occupationCode: vacancy.occupationCode,
    categoryCodes: [...vacancy.categoryCodes],
    employmentTypeCode: vacancy.employmentTypeCode,
    countryCode: vacancy.countryCode || 'EE',
    ehakCode: vacancy.ehakCode,
    address: text(vacancy.address),
    adsAdrId: vacancy.adsAdrId,
    salaryFrom: numberValue(vacancy.salaryFrom),
    salaryTo: numberValue(vacancy.salaryTo),
    salaryPeriodCode: vacancy.salaryPeriodCode,
    salaryByAgreement: vacancy.salaryByAgreement,
    remoteWork: vacancy.remoteWork,
    shiftWork: vacancy.shiftWork,
    contents: CONTENT_LANGUAGES.map((languageCode) => {
      const saved = vacancy.contents.find((content) => content.languageCode === languageCode);
      return { languageCode, teaser: text(saved?.teaser), content: text(saved?.content) };
    }),
    imageFileId: vacancy.imageFileId,
    coverFileId: vacancy.coverFileId,
    galleryFileIds: [...vacancy.galleryFileIds],
    videoUrl: text(vacancy.videoUrl),
    publishDate: wallClock ? wallClock.slice(0, 10) : null,
    publishTime: wallClock ? wallClock.slice(11, 16) : '',
    autoReplyText: text(vacancy.autoReplyText),
    applyLink: text(vacancy.applyLink),
    questions: vacancy.questions.map((question) => ({ key: rowKey(), question: question.question, weight: question.weight })),
    minAge: numberValue(vacancy.minAge),
    maxAge: numberValue(vacancy.maxAge),
    requiredCityCode: vacancy.requiredCityCode,
    requiredGenderCode: vacancy.requiredGenderCode,
    educationLevelCode: vacancy.educationLevelCode,
    workExperienceCode: vacancy.workExperienceCode,
    languages: vacancy.languages.map((row) => ({ key: rowKey(), language: row.language, proficiency: row.proficiency })),
    driverLicences: vacancy.driverLicences.map((row) => ({ code: row.code, experienceYears: numberValue(row.experienceYears) })),
    cvNotRequired: vacancy.cvNotRequired,
    forDisabled: vacancy.forDisabled,
    forForeigners: vacancy.forForeigners,
    forRetired: vacancy.forRetired,
    forStudents: vacancy.forStudents,
    forUnderage: vacancy.forUnderage,
  };
}

/** The instant of the publish date and time (Tallinn), or null while either is missing. */
export function publishAtOf(form: Pick<VacancyForm, 'publishDate' | 'publishTime'>): string | null {
  if (!form.publishDate || !/^\d{2}:\d{2}$/.test(form.publishTime)) return null;
  return fromWallClock(`${form.publishDate}T${form.publishTime}:00`);
}

/**
 * The languages whose text is sent: those with a teaser or a text. The server numbers `contents`
 * in this order, so its errors are read back through it (`contentIndexes`).
 */
export function sentContents(form: Pick<VacancyForm, 'contents'>): ContentRow[] {
  return form.contents.filter((row) => row.teaser.trim() || !isEmptyDelta(row.content));
}

/** The form's index of each `contents` entry the document sends. */
export function contentIndexes(form: Pick<VacancyForm, 'contents'>): number[] {
  return sentContents(form).map((row) => form.contents.indexOf(row));
}

/** The document to send: empty texts as null, salary by agreement without amounts, every row kept. */
export function formToDocument(form: VacancyForm): VacancyDocument {
  const byAgreement = form.salaryByAgreement;
  return {
    occupationCode: form.occupationCode,
    categoryCodes: form.categoryCodes,
    employmentTypeCode: form.employmentTypeCode,
    countryCode: form.countryCode,
    ehakCode: form.ehakCode,
    address: optionalText(form.address),
    adsAdrId: form.adsAdrId,
    salaryFrom: byAgreement ? null : optionalNumber(form.salaryFrom),
    salaryTo: byAgreement ? null : optionalNumber(form.salaryTo),
    salaryPeriodCode: byAgreement ? null : form.salaryPeriodCode,
    salaryByAgreement: byAgreement,
    remoteWork: form.remoteWork,
    shiftWork: form.shiftWork,
    contents: sentContents(form).map((row) => ({ languageCode: row.languageCode, teaser: row.teaser.trim(), content: isEmptyDelta(row.content) ? '' : row.content })),
    imageFileId: form.imageFileId,
    coverFileId: form.coverFileId,
    galleryFileIds: form.galleryFileIds,
    videoUrl: optionalText(form.videoUrl),
    publishAt: publishAtOf(form),
    autoReplyText: optionalText(form.autoReplyText),
    applyLink: optionalText(form.applyLink),
    questions: form.questions.map((row) => ({ question: row.question.trim(), weight: row.weight === '' ? DEFAULT_WEIGHT : row.weight })),
    minAge: optionalNumber(form.minAge),
    maxAge: optionalNumber(form.maxAge),
    requiredCityCode: form.requiredCityCode,
    requiredGenderCode: form.requiredGenderCode,
    educationLevelCode: form.educationLevelCode,
    workExperienceCode: form.workExperienceCode,
    languages: form.languages.map((row) => ({ language: row.language ?? '', proficiency: row.proficiency ?? '' })),
    driverLicences: form.driverLicences.map((row) => ({ code: row.code, experienceYears: optionalNumber(row.experienceYears) })),
    cvNotRequired: form.cvNotRequired,
    forDisabled: form.forDisabled,
    forForeigners: form.forForeigners,
    forRetired: form.forRetired,
    forStudents: form.forStudents,
    forUnderage: form.forUnderage,
  };
}

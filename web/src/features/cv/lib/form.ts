import { randomId } from '@mantine/hooks';

import type { Me } from '@/shared/api/types';
import { PHONE_PREFIX, phoneFieldValue, phoneToStore } from '@/shared/lib/phone';

import type { Cv, CvInput, Visibility } from '../api/types';

/**
 * The values of the wizard's form (@mantine/form): each as its input holds it (text, with years as
 * text too), so the form can be kept in localStorage as it is. Each row has a `key` of its own for
 * React and for the draft.
 */
export interface EducationRow {
  key: string;
  educationLevel: string;
  institution: string;
  speciality: string;
  graduationYear: string;
  stillStudying: boolean;
}

export interface EmploymentRow {
  key: string;
  company: string;
  occupation: string;
  startDate: string;
  endDate: string;
  present: boolean;
  description: string;
}

export interface LanguageRow {
  key: string;
  language: string;
  proficiency: string;
}

export interface SkillRow {
  key: string;
  skill: string;
  level: string;
}

export interface DriverLicenceRow {
  key: string;
  driverLicence: string;
  yearOfIssue: string;
  experienceYears: string;
}

/** An uploaded file of the applicant (`POST /api/user/upload`), by id, with the name and size to show. */
export interface RowFile {
  fileId: string;
  /** Known for a file uploaded in this wizard; a saved CV sends back only the id (the name is then read from the file). */
  name: string | null;
  /** In bytes, known like the name. */
  size: number | null;
}

export interface CertificateRow {
  key: string;
  title: string;
  year: string;
  file: RowFile | null;
}

export interface CourseRow {
  key: string;
  title: string;
  organizer: string;
  file: RowFile | null;
}

export interface ReferenceRow {
  key: string;
  name: string;
  company: string;
  jobTitle: string;
  contact: string;
  file: RowFile | null;
}

export interface PortfolioRow {
  key: string;
  description: string;
  url: string;
  files: RowFile[];
}

export interface CvForm {
  title: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: string;
  cityCode: string;
  categories: string[];
  employmentType: string;
  workLocationCode: string;
  /** Free text a CV may carry besides (or instead of) the chosen place. */
  workLocation: string;
  aboutMe: string;
  visibility: Visibility;
  educations: EducationRow[];
  employmentHistories: EmploymentRow[];
  languageSkills: LanguageRow[];
  skills: SkillRow[];
  driverLicences: DriverLicenceRow[];
  certificates: CertificateRow[];
  courses: CourseRow[];
  references: ReferenceRow[];
  portfolio: PortfolioRow[];
}

/** The lists of the form, each a list of rows. */
export type RowList =
  | 'educations'
  | 'employmentHistories'
  | 'languageSkills'
  | 'skills'
  | 'driverLicences'
  | 'certificates'
  | 'courses'
  | 'references'
  | 'portfolio';

export type RowOf<L extends RowList> = CvForm[L][number];

const emptyRows: { [L in RowList]: () => RowOf<L> } = {
  educations: () => ({ key: randomId(), educationLevel: '', institution: '', speciality: '', graduationYear: '', stillStudying: false }),
  employmentHistories: () => ({ key: randomId(), company: '', occupation: '', startDate: '', endDate: '', present: false, description: '' }),
  languageSkills: () => ({ key: randomId(), language: '', proficiency: '' }),
  skills: () => ({ key: randomId(), skill: '', level: '' }),
  driverLicences: () => ({ key: randomId(), driverLicence: '', yearOfIssue: '', experienceYears: '' }),
  certificates: () => ({ key: randomId(), title: '', year: '', file: null }),
  courses: () => ({ key: randomId(), title: '', organizer: '', file: null }),
  references: () => ({ key: randomId(), name: '', company: '', jobTitle: '', contact: '', file: null }),
  portfolio: () => ({ key: randomId(), description: '', url: '', files: [] }),
};

export function emptyRow<L extends RowList>(list: L): RowOf<L> {
  return emptyRows[list]() as RowOf<L>;
}

export function emptyForm(): CvForm {
  return {
    title: '',
    firstname: '',
    lastname: '',
    email: '',
    phone: PHONE_PREFIX,
    dateOfBirth: '',
    gender: '',
    cityCode: '',
    categories: [],
    employmentType: '',
    workLocationCode: '',
    workLocation: '',
    aboutMe: '',
    visibility: 'VISIBLE',
    educations: [],
    employmentHistories: [],
    languageSkills: [],
    skills: [],
    driverLicences: [],
    certificates: [],
    courses: [],
    references: [],
    portfolio: [],
  };
}

/** A new CV starts from the applicant's profile: name, e-mail, phone, gender and date of birth. */
export function formFromProfile(me: Pick<Me, 'username' | 'profile'>): CvForm {
  return {
    ...emptyForm(),
    firstname: me.profile.firstname ?? '',
    lastname: me.profile.lastname ?? '',
    email: me.username,
    phone: phoneFieldValue(me.profile.phoneNumber),
    gender: me.profile.gender ?? '',
    dateOfBirth: me.profile.dateOfBirth ?? '',
  };
}

const text = (value: string | null | undefined): string => value ?? '';
const yearText = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));
const savedFile = (fileId: string | null | undefined): RowFile | null => (fileId ? { fileId, name: null, size: null } : null);

/** A saved CV as the wizard's form. */
export function formFromCv(cv: Cv): CvForm {
  return {
    title: text(cv.title),
    firstname: text(cv.firstname),
    lastname: text(cv.lastname),
    email: text(cv.email),
    phone: phoneFieldValue(cv.phoneNumber),
    dateOfBirth: text(cv.dateOfBirth),
    gender: text(cv.gender),
    cityCode: text(cv.cityCode),
    categories: [...cv.categories],
    employmentType: text(cv.employmentType),
    workLocationCode: text(cv.workLocationCode),
    workLocation: text(cv.workLocation),
    aboutMe: text(cv.aboutMe),
    visibility: cv.visibility,
    educations: cv.educations.map((row) => ({
      key: randomId(),
      educationLevel: text(row.educationLevel),
      institution: text(row.institution),
      speciality: text(row.speciality),
      graduationYear: yearText(row.graduationYear),
      stillStudying: !!row.stillStudying,
    })),
    employmentHistories: cv.employmentHistories.map((row) => ({
      key: randomId(),
      company: text(row.company),
      occupation: text(row.occupation),
      startDate: text(row.startDate),
      endDate: text(row.endDate),
      present: !!row.present,
      description: text(row.description),
    })),
    languageSkills: cv.languageSkills.map((row) => ({ key: randomId(), language: text(row.language), proficiency: text(row.proficiency) })),
    skills: cv.skills.map((row) => ({ key: randomId(), skill: text(row.skill), level: text(row.level) })),
    driverLicences: cv.driverLicences.map((row) => ({
      key: randomId(),
      driverLicence: text(row.driverLicence),
      yearOfIssue: yearText(row.yearOfIssue),
      experienceYears: yearText(row.experienceYears),
    })),
    certificates: cv.certificates.map((row) => ({ key: randomId(), title: text(row.title), year: yearText(row.year), file: savedFile(row.fileId) })),
    courses: cv.courses.map((row) => ({ key: randomId(), title: text(row.title), organizer: text(row.organizer), file: savedFile(row.fileId) })),
    references: cv.references.map((row) => ({
      key: randomId(),
      name: text(row.name),
      company: text(row.company),
      jobTitle: text(row.jobTitle),
      contact: text(row.contact),
      file: savedFile(row.fileId),
    })),
    portfolio: cv.portfolio.map((row) => ({
      key: randomId(),
      description: text(row.description),
      url: text(row.url),
      files: (row.fileIds ?? []).map((fileId) => ({ fileId, name: null, size: null })),
    })),
  };
}

/** Trimmed text, or null when blank (the server treats both alike). */
const orNull = (value: string): string | null => value.trim() || null;

/** A whole number from a year field; anything else (blank, text, fractions) is null. */
export function parseWholeNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The form as `POST /api/applicant/cv` takes it. Every row is sent, empty ones included, so the
 * row indexes of the server's field paths (`educations[2].institution`) are those of the form.
 */
export function formToInput(form: CvForm, options: { cvId?: string | null; draft?: boolean } = {}): CvInput {
  return {
    cvId: options.cvId ?? null,
    draft: options.draft ?? false,
    title: orNull(form.title),
    firstname: orNull(form.firstname),
    lastname: orNull(form.lastname),
    email: orNull(form.email),
    phoneNumber: phoneToStore(form.phone) || null,
    dateOfBirth: orNull(form.dateOfBirth),
    gender: orNull(form.gender),
    cityCode: orNull(form.cityCode),
    categories: form.categories,
    employmentType: orNull(form.employmentType),
    workLocationCode: orNull(form.workLocationCode),
    workLocation: orNull(form.workLocation),
    aboutMe: orNull(form.aboutMe),
    visibility: form.visibility,
    educations: form.educations.map((row) => ({
      educationLevel: orNull(row.educationLevel),
      institution: orNull(row.institution),
      speciality: orNull(row.speciality),
      graduationYear: parseWholeNumber(row.graduationYear),
      stillStudying: row.stillStudying,
    })),
    employmentHistories: form.employmentHistories.map((row) => ({
      company: orNull(row.company),
      occupation: orNull(row.occupation),
      startDate: orNull(row.startDate),
      endDate: row.present ? null : orNull(row.endDate),
      present: row.present,
      description: orNull(row.description),
    })),
    languageSkills: form.languageSkills.map((row) => ({ language: orNull(row.language), proficiency: orNull(row.proficiency) })),
    skills: form.skills.map((row) => ({ skill: orNull(row.skill), level: orNull(row.level) })),
    driverLicences: form.driverLicences.map((row) => ({
      driverLicence: orNull(row.driverLicence),
      yearOfIssue: parseWholeNumber(row.yearOfIssue),
      experienceYears: parseWholeNumber(row.experienceYears),
    })),
    certificates: form.certificates.map((row) => ({ title: orNull(row.title), year: parseWholeNumber(row.year), fileId: row.file?.fileId ?? null })),
    courses: form.courses.map((row) => ({ title: orNull(row.title), organizer: orNull(row.organizer), fileId: row.file?.fileId ?? null })),
    references: form.references.map((row) => ({
      name: orNull(row.name),
      company: orNull(row.company),
      jobTitle: orNull(row.jobTitle),
      contact: orNull(row.contact),
      fileId: row.file?.fileId ?? null,
    })),
    portfolio: form.portfolio.map((row) => ({
      description: orNull(row.description),
      url: orNull(row.url),
      fileIds: row.files.map((file) => file.fileId),
    })),
  };
}

/**
 * A saved CV sent back whole with one change (the list's visibility toggle): the save replaces
 * every list, so nothing may be left out. A draft stays a draft.
 */
export function cvToInput(cv: Cv, changes: Partial<Pick<CvInput, 'visibility'>> = {}): CvInput {
  return {
    cvId: cv.cvId,
    draft: cv.status === 'DRAFT',
    title: cv.title ?? null,
    firstname: cv.firstname ?? null,
    lastname: cv.lastname ?? null,
    email: cv.email ?? null,
    phoneNumber: cv.phoneNumber ?? null,
    dateOfBirth: cv.dateOfBirth ?? null,
    gender: cv.gender ?? null,
    cityCode: cv.cityCode ?? null,
    categories: cv.categories,
    employmentType: cv.employmentType ?? null,
    workLocation: cv.workLocation ?? null,
    workLocationCode: cv.workLocationCode ?? null,
    aboutMe: cv.aboutMe ?? null,
    visibility: cv.visibility,
    educations: cv.educations,
    employmentHistories: cv.employmentHistories,
    languageSkills: cv.languageSkills,
    skills: cv.skills,
    driverLicences: cv.driverLicences,
    certificates: cv.certificates,
    courses: cv.courses,
    references: cv.references,
    portfolio: cv.portfolio,
    ...changes,
  };
}

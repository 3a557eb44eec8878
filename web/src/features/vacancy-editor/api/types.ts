/**
 * The vacancy editor's types. The vacancy document (create, GET and PUT) is typed by hand from the
 * issue 15 contract until the server's OpenAPI document describes it; the publishing calls'
 * types are the server's own.
 */
import type { components } from '@/shared/api/schema';

export type ContentLanguage = 'et' | 'en' | 'ru';

export interface VacancyContent {
  languageCode: ContentLanguage;
  /** At most 85 characters. */
  teaser: string;
  /** A Quill delta as a JSON string (`{"ops":[…]}`). */
  content: string;
}

export interface VacancyQuestion {
  question: string;
  /** 1 to 10. */
  weight: number;
}

export interface LanguageRequirement {
  language: string;
  proficiency: string;
}

export interface DriverLicenceRequirement {
  code: string;
  experienceYears: number | null;
}

/** The editable document: the body of create and PUT, and the fields of the GET answer. */
export interface VacancyDocument {
  occupationCode: string | null;
  categoryCodes: string[];
  employmentTypeCode: string | null;
  countryCode: string;
  ehakCode: string | null;
  address: string | null;
  adsAdrId: number | null;
  salaryFrom: number | null;
  salaryTo: number | null;
  salaryPeriodCode: string | null;
  salaryByAgreement: boolean;
  remoteWork: boolean;
  shiftWork: boolean;
  contents: VacancyContent[];
  imageFileId: string | null;
  coverFileId: string | null;
  galleryFileIds: string[];
  videoUrl: string | null;
  publishAt: string | null;
  autoReplyText: string | null;
  applyLink: string | null;
  questions: VacancyQuestion[];
  minAge: number | null;
  maxAge: number | null;
  requiredCityCode: string | null;
  requiredGenderCode: string | null;
  educationLevelCode: string | null;
  workExperienceCode: string | null;
  languages: LanguageRequirement[];
  driverLicences: DriverLicenceRequirement[];
  cvNotRequired: boolean;
  forDisabled: boolean;
  forForeigners: boolean;
  forRetired: boolean;
  forStudents: boolean;
  forUnderage: boolean;
}

export type DisplayedState = components['schemas']['Displayed'];

export type InvoiceSummary = components['schemas']['InvoiceSummary'];

/** The GET answer (also of create, PUT and copy): the document and what only the server sets. */
export interface EmployerVacancyDetail extends VacancyDocument {
  id: string;
  type: 'DEFAULT' | 'CV_BASE';
  status: string;
  displayedState: DisplayedState;
  proLevel: number;
  isBranded: boolean;
  validUntil: string | null;
  occupationLabel: string | null;
  createdAt: string;
  updatedAt: string;
  invoice: InvoiceSummary | null;
}

export type ProductGroup = components['schemas']['ProductGroup'];
export type VacancyProductOffer = components['schemas']['VacancyProductOffer'];
export type VacancyProducts = components['schemas']['VacancyProducts'];
export type OrderQuote = components['schemas']['OrderQuote'];
/** The list row `PUT /vacancies/{id}/status` answers, with its latest order's invoice. */
export type StatusAnswer = components['schemas']['EmployerVacancy'];

/**
 * The employer's vacancy calls of issue 15, typed by hand from the contract
 * (/work/briefs/contract.md) until the server's OpenAPI document describes them; then these become
 * aliases of `components['schemas'][…]` from `@/shared/api/schema`.
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

export interface InvoiceSummary {
  id: string;
  number: string;
  referenceNumber: string;
  status: 'UNPAID' | 'PAID' | 'CANCELLED';
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  issuedOn: string;
  dueOn: string;
}

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

export type ProductGroup = 'VACANCY' | 'BRANDING' | 'PRO' | 'PACKAGE' | 'CV_BASE';

export interface VacancyProductOffer {
  code: string;
  label: string;
  description: string;
  group: ProductGroup;
  listPriceCents: number;
  /** This company's net unit price. */
  priceCents: number;
  /** A fraction, e.g. 0.125. */
  discount: number;
  vatRateBp: number;
  proLevel: number | null;
  promoDays: number | null;
  cvBaseDays: number | null;
  durationDays: number | null;
}

export interface VacancyProducts {
  products: VacancyProductOffer[];
}

export interface OrderLine {
  code: string;
  label: string;
  quantity: number;
  unitPriceCents: number;
  discount: number;
  netCents: number;
  vatRateBp: number;
  vatCents: number;
}

export interface OrderQuote {
  lines: OrderLine[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** The list row `PUT /vacancies/{id}/status` answers, with the open order's invoice. */
export type StatusAnswer = components['schemas']['EmployerVacancy'] & { invoice?: InvoiceSummary | null };

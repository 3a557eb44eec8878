import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];

/**
 * The CV's own row types. The generated schema gives `Cv.languageSkills` and `Cv.driverLicences`
 * the shapes of two other types of the same name (the vacancy's language requirement and the
 * driver-licence reference item): the OpenAPI document has one `LanguageSkill` and one
 * `DriverLicence` for both. These follow domain/src/cvs/mod.rs, which is what the server reads and sends.
 */
export interface CvLanguageSkill {
  language?: string | null;
  proficiency?: string | null;
}

export interface CvDriverLicence {
  driverLicence?: string | null;
  yearOfIssue?: number | null;
  experienceYears?: number | null;
}

export type CvInput = Omit<Schemas['CvInput'], 'languageSkills' | 'driverLicences'> & {
  languageSkills?: CvLanguageSkill[];
  driverLicences?: CvDriverLicence[];
};

export type Cv = Omit<Schemas['Cv'], 'languageSkills' | 'driverLicences'> & {
  languageSkills: CvLanguageSkill[];
  driverLicences: CvDriverLicence[];
};

export type CvSummary = Schemas['CvSummary'];
export type CvPdf = Schemas['CvPdf'];
export type Visibility = Schemas['Visibility'];
export type CvStatus = Schemas['CvStatus'];
export type UploadedFile = Schemas['UploadedFile'];

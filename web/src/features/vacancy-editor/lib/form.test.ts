import { describe, expect, it } from 'vitest';

import type { EmployerVacancyDetail } from '../api/types';
import { contentIndexes, emptyForm, formFromVacancy, formToDocument, isEmptyDelta } from './form';

const saved: EmployerVacancyDetail = {
  id: 'v-1',
  type: 'DEFAULT',
  status: 'TEMPORARY',
  displayedState: 'DRAFT',
  proLevel: 0,
  isBranded: false,
  moderator: null,
  mayDelegate: true,
  validUntil: null,
  occupationLabel: 'Cook',
  createdAt: '2026-11-24T10:00:00Z',
  updatedAt: '2026-11-24T10:00:00Z',
  invoice: null,
  occupationCode: 'COOK',
  categoryCodes: ['CATERING'],
  employmentTypeCode: 'FULL_TIME',
  countryCode: 'EE',
  ehakCode: '0784',
  address: 'Pärnu mnt 10, Tallinn',
  adsAdrId: 2280361,
  salaryFrom: 1200,
  salaryTo: null,
  salaryPeriodCode: 'MONTH',
  salaryByAgreement: false,
  remoteWork: false,
  shiftWork: true,
  contents: [{ languageCode: 'en', teaser: 'A cook for our kitchen', content: '{"ops":[{"insert":"Cooking\\n"}]}' }],
  imageFileId: null,
  coverFileId: 'f-cover',
  galleryFileIds: ['f-1', 'f-2'],
  videoUrl: null,
  publishAt: '2026-12-01T07:00:00.000Z',
  autoReplyText: null,
  applyLink: null,
  questions: [{ question: 'When could you start?', weight: 7 }],
  minAge: 18,
  maxAge: null,
  requiredCityCode: null,
  requiredGenderCode: null,
  educationLevelCode: null,
  workExperienceCode: null,
  languages: [{ language: 'et', proficiency: 'B2' }],
  driverLicences: [{ code: 'B', experienceYears: null }],
  cvNotRequired: true,
  forDisabled: false,
  forForeigners: true,
  forRetired: false,
  forStudents: false,
  forUnderage: false,
};

const documentFields = (vacancy: EmployerVacancyDetail) => {
  const { id, type, status, displayedState, proLevel, isBranded, validUntil, occupationLabel, createdAt, updatedAt, invoice, moderator, mayDelegate, ...document } = vacancy;
  void [id, type, status, displayedState, proLevel, isBranded, validUntil, occupationLabel, createdAt, updatedAt, invoice, moderator, mayDelegate];
  return document;
};

describe('the wizard form', () => {
  it('sends back the document it was given', () => {
    expect(formToDocument(formFromVacancy(saved))).toEqual(documentFields(saved));
  });

  it('holds the publish time as Tallinn wall clock', () => {
    const form = formFromVacancy(saved);
    expect([form.publishDate, form.publishTime]).toEqual(['2026-12-01', '09:00']);
    expect(emptyForm(new Date('2026-07-01T21:30:40Z'))).toMatchObject({ publishDate: '2026-07-02', publishTime: '00:30' });
  });

  it('sends only the written languages, and knows their places in the form', () => {
    const form = emptyForm();
    form.contents[2] = { languageCode: 'ru', teaser: 'Повар', content: '' };
    expect(formToDocument(form).contents).toEqual([{ languageCode: 'ru', teaser: 'Повар', content: '' }]);
    expect(contentIndexes(form)).toEqual([2]);
  });

  it('sends no amounts or period with salary by agreement', () => {
    const document = formToDocument({ ...formFromVacancy(saved), salaryByAgreement: true });
    expect([document.salaryFrom, document.salaryTo, document.salaryPeriodCode]).toEqual([null, null, null]);
  });

  it('takes an editor with only an empty line as no text', () => {
    expect(isEmptyDelta('{"ops":[{"insert":"\\n"}]}')).toBe(true);
    expect(isEmptyDelta('')).toBe(true);
    expect(isEmptyDelta('{"ops":[{"insert":"Tere\\n"}]}')).toBe(false);
  });
});

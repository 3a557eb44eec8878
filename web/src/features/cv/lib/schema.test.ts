import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';

import { emptyForm, emptyRow, type CvForm } from './form';
import { cvSchema, yearsBefore } from './schema';
import { errorsOfStep, firstStepWithErrors } from './steps';

const TODAY = '2026-11-21';

/** The messages as their i18n keys, with the values after a space when there are some. */
const keyOf = (key: string, values?: Record<string, string | number>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const validate = schemaResolver(cvSchema(keyOf, TODAY), { sync: true });

/** The form's errors (by the form's paths) as their i18n keys. */
const keys = (errors: Record<string, unknown>) => Object.fromEntries(Object.entries(errors).map(([path, error]) => [path, String(error).split(' ', 1)[0]]));
const validateAll = (form: CvForm) => validate(form);
const validateStep = (step: number, form: CvForm) => errorsOfStep(validate(form), step);

function personal(overrides: Partial<CvForm> = {}): CvForm {
  return { ...emptyForm(), title: 'Cook', firstname: 'Mari', lastname: 'Maasikas', dateOfBirth: '1990-05-01', gender: 'F', ...overrides };
}

function complete(overrides: Partial<CvForm> = {}): CvForm {
  return personal({ categories: ['IT'], employmentType: 'FULL_TIME', workLocationCode: '0784', ...overrides });
}

describe('personal info', () => {
  it('requires the title, names, date of birth and gender', () => {
    expect(keys(validateStep(0, emptyForm()))).toEqual({
      title: 'validation.required',
      firstname: 'validation.required',
      lastname: 'validation.required',
      dateOfBirth: 'validation.required',
      gender: 'validation.required',
    });
    expect(validateStep(0, personal())).toEqual({});
    expect(validateStep(0, personal({ title: '   ' }))).toEqual({ title: 'validation.required' });
  });

  it('takes the bare +372 as no phone and wants a country code otherwise', () => {
    expect(validateStep(0, personal({ phone: '+372' }))).toEqual({});
    expect(keys(validateStep(0, personal({ phone: '5123456' })))).toEqual({ phone: 'validation.phone' });
    expect(validateStep(0, personal({ phone: '+372 5123 4567' }))).toEqual({});
  });

  it('checks an e-mail only when one is given', () => {
    expect(keys(validateStep(0, personal({ email: 'mari@' })))).toEqual({ email: 'validation.email' });
    expect(validateStep(0, personal({ email: ' mari@example.ee ' }))).toEqual({});
  });

  it('bounds the date of birth by 1900 and an age of 14', () => {
    expect(validateStep(0, personal({ dateOfBirth: '1899-12-31' }))).toEqual({ dateOfBirth: 'validation.dateTooEarly {"date":"1900-01-01"}' });
    expect(validateStep(0, personal({ dateOfBirth: '2012-11-22' }))).toEqual({ dateOfBirth: 'validation.tooYoung {"years":14}' });
    expect(validateStep(0, personal({ dateOfBirth: '2012-11-21' }))).toEqual({});
    expect(keys(validateStep(0, personal({ dateOfBirth: '1990-5-1' })))).toEqual({ dateOfBirth: 'validation.date' });
  });
});

describe('yearsBefore', () => {
  it('keeps the day, and turns 29 February into the 28th in a common year', () => {
    expect(yearsBefore('2026-11-21', 14)).toBe('2012-11-21');
    expect(yearsBefore('2024-02-29', 14)).toBe('2010-02-28');
    expect(yearsBefore('2024-02-29', 4)).toBe('2020-02-29');
  });
});

describe('rows', () => {
  it('skips a wholly empty row, as the server drops it', () => {
    const form = complete({
      educations: [emptyRow('educations')],
      employmentHistories: [emptyRow('employmentHistories')],
      languageSkills: [emptyRow('languageSkills'), emptyRow('languageSkills')],
      skills: [emptyRow('skills')],
      driverLicences: [emptyRow('driverLicences'), emptyRow('driverLicences')],
      certificates: [emptyRow('certificates')],
      courses: [emptyRow('courses')],
      references: [emptyRow('references')],
      portfolio: [emptyRow('portfolio')],
    });
    expect(validateAll(form)).toEqual({});
  });

  it('names the missing fields of an education row by the form path', () => {
    const form = personal({ educations: [emptyRow('educations'), { ...emptyRow('educations'), speciality: 'Cooking' }] });
    expect(keys(validateStep(1, form))).toEqual({
      'educations.1.educationLevel': 'validation.required',
      'educations.1.institution': 'validation.required',
      'educations.1.graduationYear': 'validation.required',
    });
  });

  it('lets a graduation year lie ten years ahead only while still studying', () => {
    const row = { ...emptyRow('educations'), educationLevel: 'HIGHER', institution: 'TalTech', graduationYear: '2030' };
    const error = validateStep(1, personal({ educations: [row] }))['educations.0.graduationYear'];
    expect(error).toBe('validation.yearRange {"min":1900,"max":2026}');
    expect(validateStep(1, personal({ educations: [{ ...row, stillStudying: true }] }))).toEqual({});
    expect(validateStep(1, personal({ educations: [{ ...row, stillStudying: true, graduationYear: '2037' }] }))).toEqual({
      'educations.0.graduationYear': 'validation.yearRange {"min":1900,"max":2036}',
    });
    expect(keys(validateStep(1, personal({ educations: [{ ...row, graduationYear: '20x0' }] })))).toEqual({
      'educations.0.graduationYear': 'validation.wholeNumber',
    });
    expect(validateStep(1, personal({ educations: [{ ...row, graduationYear: ' 2012 ' }] }))).toEqual({});
  });

  it('rejects an end date before the start date', () => {
    const job = { ...emptyRow('employmentHistories'), company: 'Kohvik', occupation: 'Cook', startDate: '2020-05-01', endDate: '2020-04-30' };
    expect(keys(validateStep(2, personal({ employmentHistories: [job] })))).toEqual({
      'employmentHistories.0.endDate': 'validation.endBeforeStart',
    });
    expect(validateStep(2, personal({ employmentHistories: [{ ...job, endDate: '2020-05-01' }] }))).toEqual({});
    // a start date with its own error is not compared
    expect(keys(validateStep(2, personal({ employmentHistories: [{ ...job, startDate: '2027-01-01' }] })))).toEqual({
      'employmentHistories.0.startDate': 'validation.dateInFuture',
    });
  });

  it('needs an end date unless the job is the present one, and no date in the future', () => {
    const job = { ...emptyRow('employmentHistories'), company: 'Kohvik', occupation: 'Cook', startDate: '2020-05-01' };
    expect(keys(validateStep(2, personal({ employmentHistories: [job] })))).toEqual({
      'employmentHistories.0.endDate': 'validation.endDateOrPresent',
    });
    expect(validateStep(2, personal({ employmentHistories: [{ ...job, present: true, endDate: '2019-01-01' }] }))).toEqual({});
    expect(keys(validateStep(2, personal({ employmentHistories: [{ ...job, startDate: '2027-01-01', present: true }] })))).toEqual({
      'employmentHistories.0.startDate': 'validation.dateInFuture',
    });
    expect(keys(validateStep(2, personal({ employmentHistories: [{ ...emptyRow('employmentHistories'), present: true }] })))).toEqual({
      'employmentHistories.0.company': 'validation.required',
      'employmentHistories.0.occupation': 'validation.required',
      'employmentHistories.0.startDate': 'validation.required',
    });
  });

  it('checks languages, skills and driving licences, duplicates included', () => {
    const form = personal({
      languageSkills: [
        { key: 'a', language: 'et', proficiency: 'C2' },
        { key: 'b', language: 'et', proficiency: 'B1' },
        { key: 'c', language: '', proficiency: 'A1' },
      ],
      skills: [{ key: 'd', skill: 'Excel', level: '' }],
      driverLicences: [
        { key: 'e', driverLicence: 'B', yearOfIssue: '2010', experienceYears: '81' },
        { key: 'f', driverLicence: 'B', yearOfIssue: '1899', experienceYears: '' },
      ],
    });
    expect(keys(validateStep(3, form))).toEqual({
      'languageSkills.1.language': 'validation.duplicateLanguage',
      'languageSkills.2.language': 'validation.required',
      'skills.0.level': 'validation.required',
      'driverLicences.0.experienceYears': 'validation.experienceYears',
      'driverLicences.1.driverLicence': 'validation.duplicateLicence',
      'driverLicences.1.yearOfIssue': 'validation.yearRange',
    });
    const licence = { key: 'g', driverLicence: 'C', yearOfIssue: '2010', experienceYears: '80' };
    expect(validateStep(3, personal({ driverLicences: [licence] }))).toEqual({});
    expect(validateStep(3, personal({ driverLicences: [{ ...licence, experienceYears: '-1' }] }))).toEqual({
      'driverLicences.0.experienceYears': 'validation.experienceYears {"max":80}',
    });
  });

  it('requires a category, the type of employment and a work location', () => {
    expect(keys(validateStep(4, personal()))).toEqual({
      categories: 'validation.categories',
      employmentType: 'validation.required',
      workLocationCode: 'validation.required',
    });
    expect(validateStep(4, complete({ workLocationCode: '', workLocation: 'Tartu' }))).toEqual({});
  });

  it('checks certificates, courses, references and portfolio addresses', () => {
    const form = complete({
      certificates: [{ key: 'a', title: '', year: '', file: { fileId: 'f1', name: null, size: null } }],
      courses: [{ key: 'b', title: 'Barista', organizer: '', file: null }],
      references: [{ key: 'c', name: '', company: 'Kohvik', jobTitle: '', contact: '', file: null }],
      portfolio: [
        { key: 'd', description: '', url: 'ftp://example.ee', files: [] },
        { key: 'e', description: '', url: 'https://example.ee/my cakes', files: [] },
        { key: 'f', description: '', url: ' HTTPS://example.ee ', files: [] },
      ],
    });
    expect(keys(validateStep(5, form))).toEqual({
      'certificates.0.title': 'validation.required',
      'certificates.0.year': 'validation.required',
      'courses.0.organizer': 'validation.required',
      'references.0.name': 'validation.required',
      'portfolio.0.url': 'validation.url',
      'portfolio.1.url': 'validation.url',
    });
  });
});

describe('errors across steps', () => {
  it('finds the first step that holds an error', () => {
    expect(firstStepWithErrors({})).toBeNull();
    expect(firstStepWithErrors({ 'certificates.0.title': 1, 'employmentHistories.1.endDate': 1 })).toBe(2);
    expect(firstStepWithErrors({ unknown: 1 })).toBeNull();
    expect(firstStepWithErrors(validateAll(emptyForm()))).toBe(0);
  });

  it('splits the errors by step', () => {
    const errors = { title: 'a', 'educations.0.institution': 'b', 'educations.1.graduationYear': 'c', 'skills.0.skill': 'd' };
    expect(errorsOfStep(errors, 1)).toEqual({ 'educations.0.institution': 'b', 'educations.1.graduationYear': 'c' });
    expect(errorsOfStep(errors, 1, { others: true })).toEqual({ title: 'a', 'skills.0.skill': 'd' });
    expect(errorsOfStep(errors, 4)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';

import type { Cv } from '../api/types';
import { cvToInput, emptyForm, emptyRow, formFromCv, formFromProfile, formToInput, parseWholeNumber } from './form';

const savedCv: Cv = {
  cvId: 'cv-1',
  status: 'ACTIVE',
  visibility: 'VISIBLE',
  title: 'Cook',
  firstname: 'Mari',
  lastname: 'Maasikas',
  email: 'mari@example.ee',
  phoneNumber: '+37251234567',
  dateOfBirth: '1990-05-01',
  gender: 'F',
  cityCode: '0784',
  employmentType: 'FULL_TIME',
  workLocation: null,
  workLocationCode: '0784',
  aboutMe: 'I cook.',
  categories: ['FOOD'],
  educations: [{ educationLevel: 'HIGHER', institution: 'TalTech', speciality: null, graduationYear: 2012, stillStudying: false }],
  employmentHistories: [{ company: 'Kohvik', occupation: 'Cook', startDate: '2015-01-01', endDate: null, present: true, description: null }],
  languageSkills: [{ language: 'et', proficiency: 'C2' }],
  skills: [{ skill: 'Baking', level: 'EXPERT' }],
  driverLicences: [{ driverLicence: 'B', yearOfIssue: 2010, experienceYears: 12 }],
  certificates: [{ title: 'Hygiene', year: 2020, fileId: 'f-1' }],
  courses: [{ title: 'Barista', organizer: 'Kool', fileId: null }],
  references: [{ name: 'Jaan', company: null, jobTitle: null, contact: '+3725555555', fileId: null }],
  portfolio: [{ description: 'Cakes', url: 'https://example.ee', fileIds: ['f-2', 'f-3'] }],
  pdf: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};

describe('the CV form', () => {
  it('starts a new CV from the profile, the empty phone showing +372', () => {
    const form = formFromProfile({ username: 'mari@example.ee', profile: { firstname: 'Mari', lastname: null, phoneNumber: null, gender: 'F', dateOfBirth: '1990-05-01' } });
    expect(form).toMatchObject({ firstname: 'Mari', lastname: '', email: 'mari@example.ee', phone: '+372', gender: 'F', dateOfBirth: '1990-05-01', visibility: 'VISIBLE' });
  });

  it('goes from a saved CV to the form and back without losing anything', () => {
    const input = formToInput(formFromCv(savedCv), { cvId: 'cv-1' });
    expect(input).toEqual({ ...cvToInput(savedCv), draft: false });
  });

  it('sends blanks as null, years as numbers, the bare prefix as no phone, and keeps empty rows for their indexes', () => {
    const form = {
      ...emptyForm(),
      title: '  Cook ',
      educations: [emptyRow('educations'), { ...emptyRow('educations'), graduationYear: ' 2012 ' }],
      employmentHistories: [{ ...emptyRow('employmentHistories'), endDate: '2020-01-01', present: true }],
    };
    const input = formToInput(form, { draft: true });
    expect(input).toMatchObject({ cvId: null, draft: true, title: 'Cook', phoneNumber: null, email: null });
    expect(input.educations).toHaveLength(2);
    expect(input.educations?.[1]?.graduationYear).toBe(2012);
    expect(input.employmentHistories?.[0]?.endDate).toBeNull();
  });

  it('reads only whole numbers from year fields', () => {
    expect(parseWholeNumber('2012')).toBe(2012);
    expect(parseWholeNumber(' 7 ')).toBe(7);
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('20.5')).toBeNull();
    expect(parseWholeNumber('abc')).toBeNull();
  });

  it('sends a saved CV back whole with one change, a draft staying a draft', () => {
    expect(cvToInput(savedCv, { visibility: 'HIDDEN' })).toMatchObject({ cvId: 'cv-1', draft: false, visibility: 'HIDDEN', title: 'Cook', portfolio: savedCv.portfolio });
    expect(cvToInput({ ...savedCv, status: 'DRAFT' }).draft).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';

import { formFieldPath } from '@/shared/lib/server-field-errors';

import { SERVER_FIELD_NAMES, STEPS, stepOfField } from './steps';

describe('stepOfField', () => {
  it('puts each server field path on the step that shows it', () => {
    const step = (path: string) => STEPS[stepOfField(formFieldPath(path, SERVER_FIELD_NAMES)) ?? -1];
    expect(step('title')).toBe('personal');
    expect(step('phoneNumber')).toBe('personal');
    expect(step('educations[0].institution')).toBe('education');
    expect(step('employmentHistories[3].endDate')).toBe('experience');
    expect(step('languageSkills[1].proficiency')).toBe('skills');
    expect(step('driverLicences[0].yearOfIssue')).toBe('skills');
    expect(step('categories')).toBe('preferredJob');
    expect(step('workLocation')).toBe('preferredJob');
    expect(step('portfolio[2].fileIds')).toBe('additional');
    expect(step('certificates[0].fileId')).toBe('additional');
    expect(step('aboutMe')).toBe('additional');
  });

  it('names the form fields the server names otherwise', () => {
    expect(formFieldPath('phoneNumber', SERVER_FIELD_NAMES)).toBe('phone');
    expect(formFieldPath('workLocation', SERVER_FIELD_NAMES)).toBe('workLocationCode');
    expect(formFieldPath('courses[1].fileId', SERVER_FIELD_NAMES)).toBe('courses.1.file');
    expect(formFieldPath('portfolio[2].fileIds', SERVER_FIELD_NAMES)).toBe('portfolio.2.files');
    expect(formFieldPath('educations[0].institution', SERVER_FIELD_NAMES)).toBe('educations.0.institution');
  });

  it('knows no step for other fields or none', () => {
    expect(stepOfField('file')).toBeNull();
    expect(stepOfField('cvId')).toBeNull();
    expect(stepOfField(undefined)).toBeNull();
    expect(stepOfField('')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { STEPS, stepOfField } from './steps';

describe('stepOfField', () => {
  it('puts each server field path on the step that shows it', () => {
    const step = (path: string) => STEPS[stepOfField(path) ?? -1];
    expect(step('title')).toBe('personal');
    expect(step('phoneNumber')).toBe('personal');
    expect(step('educations[0].institution')).toBe('education');
    expect(step('employmentHistories[3].endDate')).toBe('experience');
    expect(step('languageSkills[1].proficiency')).toBe('skills');
    expect(step('driverLicences[0].yearOfIssue')).toBe('skills');
    expect(step('categories')).toBe('preferredJob');
    expect(step('workLocation')).toBe('preferredJob');
    expect(step('portfolio[2].fileIds')).toBe('additional');
    expect(step('aboutMe')).toBe('additional');
  });

  it('knows no step for other fields or none', () => {
    expect(stepOfField('file')).toBeNull();
    expect(stepOfField('cvId')).toBeNull();
    expect(stepOfField(undefined)).toBeNull();
    expect(stepOfField('')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { applicationBody, type CvSummary, externalApplyLink, hasErrors, initialCv, sendableCvs, validateApplication, WITHOUT_CV } from './apply-form';

const cv = (cvId: string, status: CvSummary['status'], updatedAt: string): CvSummary => ({ cvId, status, updatedAt, visibility: 'VISIBLE', title: cvId });
const questions = [
  { questionId: 'q1', question: 'Millal saad alustada?' },
  { questionId: 'q2', question: 'Kas sul on tervisetõend?' },
];

describe('the apply form', () => {
  it('offers finished CVs only and picks the most recent one first', () => {
    const cvs = [cv('old', 'ACTIVE', '2026-01-01T00:00:00Z'), cv('draft', 'DRAFT', '2026-11-01T00:00:00Z'), cv('new', 'ACTIVE', '2026-10-01T00:00:00Z')];
    expect(sendableCvs(cvs).map((item) => item.cvId)).toEqual(['old', 'new']);
    expect(initialCv(cvs, false)).toBe('new');
  });

  it('starts without a CV only where the vacancy allows it', () => {
    expect(initialCv([cv('draft', 'DRAFT', '2026-11-01T00:00:00Z')], true)).toBe(WITHOUT_CV);
    expect(initialCv([], false)).toBeNull();
  });

  it('wants a CV unless the vacancy needs none, and an answer to every question', () => {
    const errors = validateApplication({ cv: null, coverLetter: '', answers: { q1: '  ', q2: 'Jah' } }, { cvNotRequired: false, questions });
    expect(errors).toEqual({ cv: 'required', answers: { q1: 'required' } });
    expect(validateApplication({ cv: WITHOUT_CV, coverLetter: '', answers: {} }, { cvNotRequired: false, questions: [] }).cv).toBe('required');
    const fine = validateApplication({ cv: WITHOUT_CV, coverLetter: 'Tere', answers: { q1: 'Kohe', q2: 'Jah' } }, { cvNotRequired: true, questions });
    expect(hasErrors(fine)).toBe(false);
  });

  it('holds the server’s length limits', () => {
    const errors = validateApplication({ cv: 'a', coverLetter: 'x'.repeat(5001), answers: { q1: 'y'.repeat(2001), q2: 'ok' } }, { cvNotRequired: false, questions });
    expect(errors).toEqual({ coverLetter: 'tooLong', answers: { q1: 'tooLong' } });
  });

  it('sends trimmed texts, no CV id for "without CV", an answer per question in order', () => {
    expect(applicationBody('v1', { cv: WITHOUT_CV, coverLetter: '  ', answers: { q2: ' Jah ', q1: 'Kohe' } }, { questions })).toEqual({
      vacancyId: 'v1',
      cvId: null,
      coverLetter: null,
      answers: [
        { questionId: 'q1', answer: 'Kohe' },
        { questionId: 'q2', answer: 'Jah' },
      ],
    });
    expect(applicationBody('v1', { cv: 'cv-1', coverLetter: ' Tere ', answers: {} }, { questions: [] })).toMatchObject({ cvId: 'cv-1', coverLetter: 'Tere' });
  });

  it('follows only http and https links to the employer', () => {
    expect(externalApplyLink(' https://example.ee/jobs/1 ')).toBe('https://example.ee/jobs/1');
    expect(externalApplyLink('javascript:alert(1)')).toBeNull();
    expect(externalApplyLink(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { applyButton, offersApplying } from './apply';

const now = new Date('2026-11-21T10:00:00Z');
const open = { vacancyId: 'v1', validUntil: '2026-11-30T00:00:00Z', active: true, canApply: true, applyLink: null };

describe('the apply button', () => {
  it('is hidden without a future validUntil or for a closed vacancy', () => {
    expect(applyButton({ ...open, validUntil: null }, now)).toEqual({ kind: 'hidden' });
    expect(applyButton({ ...open, validUntil: '2026-11-20T00:00:00Z' }, now)).toEqual({ kind: 'hidden' });
    expect(applyButton({ ...open, active: false }, now)).toEqual({ kind: 'hidden' });
  });

  it('says "applied" when the user cannot apply again', () => {
    expect(applyButton({ ...open, canApply: false }, now)).toEqual({ kind: 'applied' });
  });

  it("opens the employer's link or the application form", () => {
    expect(applyButton({ ...open, applyLink: 'https://jobs.example.ee/1' }, now)).toEqual({ kind: 'external', href: 'https://jobs.example.ee/1' });
    expect(applyButton({ ...open, applyLink: 'javascript:alert(1)' }, now)).toEqual({ kind: 'internal', path: '/account/vacancies/v1/apply' });
    expect(applyButton(open, now)).toEqual({ kind: 'internal', path: '/account/vacancies/v1/apply' });
  });
});

describe('the apply block', () => {
  it('is offered to visitors with no role and to applicants', () => {
    expect(offersApplying(null)).toBe(true);
    expect(offersApplying({ roles: ['USER'] })).toBe(true);
    expect(offersApplying({ roles: ['USER', 'APPLICANT'] })).toBe(true);
  });

  it('is not offered to employers and administrators', () => {
    expect(offersApplying({ roles: ['USER', 'EMPLOYER'] })).toBe(false);
    expect(offersApplying({ roles: ['USER', 'ADMIN'] })).toBe(false);
    expect(offersApplying({ roles: ['USER', 'SUPERVISOR'] })).toBe(false);
  });
});

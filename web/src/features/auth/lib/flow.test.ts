import { describe, expect, it } from 'vitest';

import type { Me } from '@/shared/api/types';

import { landingPath, nextAfterCompanies, nextAfterUser } from './flow';

function user(overrides: Partial<Me> = {}, profile: Partial<Me['profile']> = {}): Me {
  return {
    username: 'mari@example.ee',
    roles: ['USER'],
    originalUser: null,
    company: null,
    profile: { firstname: 'Mari', lastname: 'Maasikas', phoneNumber: '+37251234567', ...profile },
    ...overrides,
  };
}

describe('nextAfterUser', () => {
  it('asks for the profile when a name or the phone is missing', () => {
    expect(nextAfterUser(user({}, { phoneNumber: null }), null, 'et')).toEqual({ kind: 'step', step: 'profile' });
    expect(nextAfterUser(user({}, { firstname: ' ' }), '/et/account/my-cv', 'et')).toEqual({ kind: 'step', step: 'profile' });
  });

  it('asks for the role when a base user has no return path', () => {
    expect(nextAfterUser(user(), null, 'et')).toEqual({ kind: 'step', step: 'role' });
  });

  it('registers an applicant when a base user returns to the account area of the language', () => {
    expect(nextAfterUser(user(), '/en/account/my-cv', 'en')).toEqual({ kind: 'registerApplicant' });
  });

  it('takes a base user straight to the staff invitations when the mailed invitation brought them', () => {
    expect(nextAfterUser(user(), '/ru/invitations', 'ru')).toEqual({ kind: 'finish' });
    expect(landingPath(user(), '/ru/invitations', 'ru')).toBe('/ru/invitations');
  });

  it('asks for the company when a base user returns anywhere else', () => {
    expect(nextAfterUser(user(), '/en/employer/account/my-company', 'en')).toEqual({ kind: 'step', step: 'company' });
    expect(nextAfterUser(user(), '/et/account/profile', 'en')).toEqual({ kind: 'step', step: 'company' });
  });

  it('says a claimed company waits for approval, whatever the return path', () => {
    const claimant = user({ pendingClaims: [{ countryCode: 'EE', registryCode: '12345678', businessName: 'Põhja Puit OÜ' }] });
    expect(nextAfterUser(claimant, null, 'et')).toEqual({ kind: 'step', step: 'claimPending' });
    expect(nextAfterUser(claimant, '/en/employer/account/my-company', 'en')).toEqual({ kind: 'step', step: 'claimPending' });
  });

  it('checks the companies of an employer and finishes anyone else', () => {
    expect(nextAfterUser(user({ roles: ['USER', 'EMPLOYER'] }), null, 'et')).toEqual({ kind: 'checkCompanies' });
    expect(nextAfterUser(user({ roles: ['USER', 'APPLICANT'] }), null, 'et')).toEqual({ kind: 'finish' });
  });
});

describe('nextAfterCompanies', () => {
  it('shows the picker only for more than one company', () => {
    expect(nextAfterCompanies(2)).toEqual({ kind: 'step', step: 'employerCompanies' });
    expect(nextAfterCompanies(1)).toEqual({ kind: 'finish' });
  });
});

describe('landingPath (redirect by role)', () => {
  it('prefers the return path', () => {
    expect(landingPath(user({ roles: ['APPLICANT'] }), '/en/account/my-cv', 'en')).toBe('/en/account/my-cv');
  });

  it('ignores a return path to another site', () => {
    expect(landingPath(user({ roles: ['APPLICANT'] }), '//evil.example/x', 'et')).toBe('/et/account/profile');
  });

  it('sends each role to its page', () => {
    expect(landingPath(user({ roles: ['USER', 'EMPLOYER'] }), null, 'ru')).toBe('/ru/employer/account/my-company');
    expect(landingPath(user({ roles: ['USER', 'APPLICANT'] }), null, 'et')).toBe('/et/account/profile');
    expect(landingPath(user({ roles: ['USER', 'ADMIN'] }), null, 'et')).toBe('/et/admin/companies');
    expect(landingPath(user({ roles: ['USER', 'SUPERVISOR'] }), null, 'en')).toBe('/en/admin/companies');
    expect(landingPath(user({ roles: ['USER'] }), null, 'en')).toBe('/en/');
  });
});

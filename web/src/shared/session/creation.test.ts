import { beforeEach, describe, expect, it } from 'vitest';

import type { Me } from '@/shared/api/types';

import { CREATIONS, mayCreate, trackCreation } from './creation';

const withRoles = (...roles: string[]) => ({ roles: ['USER', ...roles] }) as Me;

describe('creating a CV or a vacancy', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });

  it('is open to a visitor (who signs in first) and to a user with the role that creates it', () => {
    expect(mayCreate(null, 'cv')).toBe(true);
    expect(mayCreate(null, 'vacancy')).toBe(true);
    expect(mayCreate(withRoles('APPLICANT'), 'cv')).toBe(true);
    expect(mayCreate(withRoles('APPLICANT'), 'vacancy')).toBe(false);
    expect(mayCreate(withRoles('EMPLOYER'), 'vacancy')).toBe(true);
    expect(mayCreate(withRoles('EMPLOYER'), 'cv')).toBe(false);
  });

  it('is closed to an administrator or supervisor, who has neither role', () => {
    for (const role of ['ADMIN', 'SUPERVISOR']) {
      expect(mayCreate(withRoles(role), 'cv')).toBe(false);
      expect(mayCreate(withRoles(role), 'vacancy')).toBe(false);
    }
  });

  it('sends uus_cv for a CV and lisa_kuulutus for a vacancy to the tag manager', () => {
    trackCreation('cv');
    trackCreation('vacancy');
    expect(window.dataLayer).toEqual([{ event: 'uus_cv' }, { event: 'lisa_kuulutus' }]);
  });

  it('leads to the screens that create them', () => {
    expect(CREATIONS.cv.path).toBe('/account/create-cv');
    expect(CREATIONS.vacancy.path).toBe('/employer/account/my-vacancies/create-vacancy');
  });
});

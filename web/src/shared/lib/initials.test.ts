import { describe, expect, it } from 'vitest';

import type { Me } from '@/shared/api/types';

import { avatarInitials } from './initials';

const base: Me = { username: 'mari@example.ee', roles: ['USER', 'APPLICANT'], profile: { firstname: 'Mari', lastname: 'Maasikas' }, company: null };

describe('avatarInitials', () => {
  it('takes the first letters of first and last name', () => {
    expect(avatarInitials(base)).toBe('MM');
    expect(avatarInitials({ ...base, profile: { firstname: 'õie', lastname: 'ülle' } })).toBe('ÕÜ');
  });

  it('takes two letters of the username without names or for administrators', () => {
    expect(avatarInitials({ ...base, profile: { firstname: 'Mari', lastname: null } })).toBe('MA');
    expect(avatarInitials({ ...base, username: 'admin@vakants.test', roles: ['USER', 'ADMIN'] })).toBe('AD');
    expect(avatarInitials({ ...base, username: 'sv@vakants.test', roles: ['USER', 'SUPERVISOR'] })).toBe('SV');
  });

  it('takes two letters of the business name for a company', () => {
    const company = { countryCode: 'EE', registryCode: '10000001', businessName: 'Tartu Näidisehitus AS' };
    expect(avatarInitials({ ...base, roles: ['USER', 'EMPLOYER'], company })).toBe('TA');
  });
});

import { describe, expect, it } from 'vitest';

import { companySearchTerm } from './search-companies';

describe('companySearchTerm', () => {
  it('searches only after more than 2 characters, trimmed and lowercased', () => {
    expect(companySearchTerm('  Ab ')).toBeNull();
    expect(companySearchTerm(' SINine ')).toBe('sinine');
    expect(companySearchTerm('123')).toBe('123');
  });
});

import { describe, expect, it } from 'vitest';

import { MAX_NAME, searchName } from './search-name';

const labels = {
  categories: [{ value: 'IT', label: 'Infotehnoloogia' }],
  cities: [{ value: '0784', label: 'Tallinn' }],
};

describe('searchName', () => {
  it('names a search by its words, categories, places and companies', () => {
    expect(searchName({ occupation: ' kokk ', categoryCode: ['IT'], cityCode: ['0784'], businessName: ['Näidis OÜ'] }, labels, 'All')).toBe(
      'kokk · Infotehnoloogia · Tallinn · Näidis OÜ',
    );
  });

  it('keeps an unknown code and falls back when the search has nothing to name it by', () => {
    expect(searchName({ cityCode: ['9999'] }, labels, 'All')).toBe('9999');
    expect(searchName({ remoteWork: true }, labels, 'All vacancies')).toBe('All vacancies');
  });

  it('never offers a name longer than the server takes', () => {
    expect(searchName({ occupation: 'x'.repeat(300) }, labels, 'All')).toHaveLength(MAX_NAME);
  });
});

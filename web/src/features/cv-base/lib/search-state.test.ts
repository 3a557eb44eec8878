import { describe, expect, it } from 'vitest';

import { cvFilter, cvQueryString, hasCriteria, parseCvSearchParams } from './search-state';

describe('the CV search in the URL', () => {
  it('reads the text, comma lists and the page, and writes them back the same', () => {
    const state = parseCvSearchParams(new URLSearchParams('search=+kokk+&categoryCode=IT,SALES,IT&driverLicence=B&page=2&other=x'));
    expect(state).toEqual({ search: 'kokk', categoryCode: ['IT', 'SALES'], driverLicence: ['B'], page: 2 });
    expect(cvQueryString(state)).toBe('?search=kokk&categoryCode=IT%2CSALES&driverLicence=B&page=2');
  });

  it('leaves out the first page and empty values', () => {
    expect(parseCvSearchParams(new URLSearchParams('page=0&cityCode=&search='))).toEqual({});
    expect(cvQueryString({})).toBe('');
  });

  it('needs the text or a facet to search', () => {
    expect(hasCriteria({})).toBe(false);
    expect(hasCriteria({ search: '  ', page: 3 })).toBe(false);
    expect(hasCriteria({ educationLevel: ['HIGHER'] })).toBe(true);
    expect(hasCriteria({ search: 'kokk' })).toBe(true);
  });

  it('sends the filter without the page', () => {
    expect(cvFilter({ search: 'kokk', page: 1, cityCode: ['0784'] })).toEqual({ search: 'kokk', cityCode: ['0784'] });
  });
});

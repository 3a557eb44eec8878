import { describe, expect, it } from 'vitest';

import { currentSearch } from './current-search';

describe('currentSearch', () => {
  it('takes every filter and the words as the URL holds them, without the page', () => {
    const search = currentSearch('?occupation=kokk&cityCode=0784,0296&salaryStated=true&remoteWork=true&page=3');
    expect(search.filter).toEqual({ occupation: 'kokk', cityCode: ['0784', '0296'], salaryStated: true, remoteWork: true });
    expect(search.query).toBe('occupation=kokk&cityCode=0784%2C0296&salaryStated=true&remoteWork=true');
  });

  it('is the empty search on a bare address', () => {
    expect(currentSearch('')).toEqual({ state: {}, filter: {}, query: '' });
  });
});

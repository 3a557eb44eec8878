import { describe, expect, it } from 'vitest';

import { readListParams, writeListParams } from './search-params';

describe('admin list parameters', () => {
  it('read the search trimmed and the page zero-based', () => {
    expect(readListParams(new URLSearchParams('search=%20k%C3%B6%C3%B6k%20&page=2'))).toEqual({ search: 'köök', page: 2 });
    expect(readListParams(new URLSearchParams('page=-1'))).toEqual({ search: '', page: 0 });
    expect(readListParams(new URLSearchParams('page=abc'))).toEqual({ search: '', page: 0 });
  });

  it('leave out an empty search and the first page', () => {
    expect(writeListParams('  ', 0).toString()).toBe('');
    expect(writeListParams(' köök ', 3).toString()).toBe('search=k%C3%B6%C3%B6k&page=3');
  });

  it('keep the sorting of the URL they change', () => {
    expect(writeListParams('tamm', 0, new URLSearchParams('sort=email&order=desc&page=4&search=x')).toString()).toBe('sort=email&order=desc&search=tamm');
  });
});

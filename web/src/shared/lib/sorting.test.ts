import { describe, expect, it } from 'vitest';

import { ariaSort, nextSorting, readSorting, type SortField, writeSorting } from './sorting';

const FIELDS: SortField<'created' | 'email'>[] = [
  { field: 'created', order: 'desc' },
  { field: 'email', order: 'asc' },
];

describe('list sorting in the URL', () => {
  it('reads the default for nothing or an unknown field, and a field in its own direction', () => {
    expect(readSorting(new URLSearchParams(), FIELDS)).toEqual({ sort: 'created', order: 'desc' });
    expect(readSorting(new URLSearchParams('sort=password&order=asc'), FIELDS)).toEqual({ sort: 'created', order: 'desc' });
    expect(readSorting(new URLSearchParams('sort=email'), FIELDS)).toEqual({ sort: 'email', order: 'asc' });
    expect(readSorting(new URLSearchParams('sort=email&order=sideways'), FIELDS)).toEqual({ sort: 'email', order: 'asc' });
    // the default field the other way round: `writeSorting` leaves the field out and keeps the order
    expect(readSorting(new URLSearchParams('order=asc'), FIELDS)).toEqual({ sort: 'created', order: 'asc' });
    expect(readSorting(writeSorting(new URLSearchParams(), { sort: 'created', order: 'asc' }, FIELDS), FIELDS)).toEqual({ sort: 'created', order: 'asc' });
  });

  it('writes only what differs from the default and keeps the other parameters', () => {
    expect(writeSorting(new URLSearchParams('search=x&sort=email'), { sort: 'created', order: 'desc' }, FIELDS).toString()).toBe('search=x');
    expect(writeSorting(new URLSearchParams(), { sort: 'created', order: 'asc' }, FIELDS).toString()).toBe('order=asc');
    expect(writeSorting(new URLSearchParams(), { sort: 'email', order: 'desc' }, FIELDS).toString()).toBe('sort=email&order=desc');
  });

  it('turns the direction of the same column and starts another in its own', () => {
    expect(nextSorting({ sort: 'created', order: 'desc' }, 'created', FIELDS)).toEqual({ sort: 'created', order: 'asc' });
    expect(nextSorting({ sort: 'created', order: 'asc' }, 'email', FIELDS)).toEqual({ sort: 'email', order: 'asc' });
  });

  it('tells the header its aria-sort', () => {
    expect(ariaSort({ sort: 'email', order: 'asc' }, 'email')).toBe('ascending');
    expect(ariaSort({ sort: 'email', order: 'desc' }, 'email')).toBe('descending');
    expect(ariaSort({ sort: 'email', order: 'desc' }, 'created')).toBe('none');
  });
});

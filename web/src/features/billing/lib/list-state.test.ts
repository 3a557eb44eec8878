import { describe, expect, it } from 'vitest';

import { DEFAULT_STATE, readListState, withFilter, writeListState } from './list-state';

describe('my invoices URL state', () => {
  it('reads the defaults from an empty or unknown query', () => {
    expect(readListState(new URLSearchParams())).toEqual(DEFAULT_STATE);
    expect(readListState(new URLSearchParams('tab=x&sort=amount&order=up&page=-2'))).toEqual(DEFAULT_STATE);
  });

  it('writes only what differs from the defaults and reads it back', () => {
    const state = { tab: 'unpaid', sort: 'status', order: 'asc', page: 2, invoice: 'i-1' } as const;
    const query = writeListState(state);
    expect(query.toString()).toBe('tab=unpaid&sort=status&order=asc&page=2&invoice=i-1');
    expect(readListState(query)).toEqual(state);
    expect(writeListState(DEFAULT_STATE).toString()).toBe('');
  });

  it('starts from the first page when the tab or the sort changes', () => {
    expect(withFilter({ ...DEFAULT_STATE, page: 3 }, { sort: 'status' })).toEqual({ ...DEFAULT_STATE, sort: 'status' });
  });
});

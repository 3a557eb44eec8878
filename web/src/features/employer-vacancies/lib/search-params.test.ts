import { describe, expect, it } from 'vitest';

import { DEFAULT_STATE, readListState, TABS, withFilter, writeListState } from './search-params';

describe('the state of my vacancies in the URL', () => {
  it('reads the tab, type and page, defaulting what is missing or unknown', () => {
    expect(readListState(new URLSearchParams(''))).toEqual({ tab: 'all', type: null, page: 0 });
    expect(readListState(new URLSearchParams('tab=waitingForPayment&type=CV_BASE&page=2'))).toEqual({ tab: 'waitingForPayment', type: 'CV_BASE', page: 2 });
    expect(readListState(new URLSearchParams('tab=someday&type=OTHER&page=-1'))).toEqual(DEFAULT_STATE);
    expect(readListState(new URLSearchParams('page=1.5')).page).toBe(0);
    expect(readListState(new URLSearchParams('page=abc')).page).toBe(0);
  });

  it('leaves the defaults out', () => {
    expect(writeListState(DEFAULT_STATE).toString()).toBe('');
    expect(writeListState({ tab: 'drafts', type: 'DEFAULT', page: 3 }).toString()).toBe('tab=drafts&type=DEFAULT&page=3');
    expect(writeListState({ tab: 'all', type: null, page: 1 }).toString()).toBe('page=1');
  });

  it('round-trips every tab', () => {
    for (const tab of TABS) expect(readListState(writeListState({ tab, type: 'CV_BASE', page: 4 }))).toEqual({ tab, type: 'CV_BASE', page: 4 });
  });

  it('starts from the first page when the tab or type changes', () => {
    expect(withFilter({ tab: 'all', type: null, page: 5 }, { tab: 'hidden' })).toEqual({ tab: 'hidden', type: null, page: 0 });
    expect(withFilter({ tab: 'hidden', type: null, page: 2 }, { type: 'DEFAULT' })).toEqual({ tab: 'hidden', type: 'DEFAULT', page: 0 });
  });
});

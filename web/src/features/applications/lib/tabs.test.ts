import { describe, expect, it } from 'vitest';

import { searchForTab, tabFromSearch, TABS } from './tabs';

describe('the tab of my applications in the URL', () => {
  it('reads the tab, defaulting to active for none or an unknown one', () => {
    expect(tabFromSearch(new URLSearchParams(''))).toBe('active');
    expect(tabFromSearch(new URLSearchParams('tab=cancelled'))).toBe('cancelled');
    expect(tabFromSearch(new URLSearchParams('tab=archive'))).toBe('archive');
    expect(tabFromSearch(new URLSearchParams('tab=someday'))).toBe('active');
  });

  it('leaves the default tab out and keeps other parameters', () => {
    expect(searchForTab('active', new URLSearchParams('tab=all')).toString()).toBe('');
    expect(searchForTab('all').toString()).toBe('tab=all');
    expect(searchForTab('cancelled', new URLSearchParams('x=1&tab=all')).toString()).toBe('x=1&tab=cancelled');
  });

  it('round-trips every tab', () => {
    for (const tab of TABS) expect(tabFromSearch(searchForTab(tab))).toBe(tab);
  });
});

import { describe, expect, it } from 'vitest';

import { searchForTab, TABS, tabFromSearch, tabOfStatus, tabShows } from './tabs';

describe('interview tabs', () => {
  it('reads the tab from the URL and falls back to all', () => {
    expect(tabFromSearch(new URLSearchParams('tab=accepted'))).toBe('accepted');
    expect(tabFromSearch(new URLSearchParams('tab=invited'))).toBe('invited');
    expect(tabFromSearch(new URLSearchParams('tab=nonsense'))).toBe('all');
    expect(tabFromSearch(new URLSearchParams(''))).toBe('all');
  });

  it('writes every tab but the default into the URL, and reads it back', () => {
    expect(searchForTab('all')).toBe('');
    for (const tab of TABS) expect(tabFromSearch(new URLSearchParams(searchForTab(tab)))).toBe(tab);
  });

  it('files each display status under the tab the server lists it in', () => {
    expect(tabOfStatus('invited')).toBe('invited');
    expect(tabOfStatus('inviteExpired')).toBe('invited');
    expect(tabOfStatus('accepted')).toBe('accepted');
    expect(tabOfStatus('acceptedNow')).toBe('accepted');
    expect(tabOfStatus('acceptedExpired')).toBe('accepted');
    expect(tabOfStatus('completed')).toBe('completed');
    expect(tabOfStatus('canceled')).toBe('canceled');
  });

  it('shows every status under all and each only under its own tab otherwise', () => {
    expect(tabShows('all', 'canceled')).toBe(true);
    expect(tabShows('accepted', 'acceptedNow')).toBe(true);
    expect(tabShows('accepted', 'invited')).toBe(false);
    expect(tabShows('completed', 'acceptedExpired')).toBe(false);
  });
});

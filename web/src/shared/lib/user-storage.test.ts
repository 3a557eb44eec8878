import { beforeEach, describe, expect, it } from 'vitest';

import { forgetUserStorage, userStorageKey } from './user-storage';

describe('user storage', () => {
  beforeEach(() => localStorage.clear());

  it('forgets only the keys of one user', () => {
    localStorage.setItem(userStorageKey('cvDraft', 'mari@example.ee', 'new'), '{}');
    localStorage.setItem(userStorageKey('cvDraft', 'mari@example.ee', 'cv-1'), '{}');
    localStorage.setItem(userStorageKey('cvDraft', 'jaan@example.ee', 'cv-2'), '{}');
    localStorage.setItem(userStorageKey('cvDraft', 'xmari@example.ee', 'cv-3'), '{}');
    localStorage.setItem('selectedLocale', 'en');
    forgetUserStorage(localStorage, 'mari@example.ee');
    expect(Object.keys(localStorage).sort()).toEqual(['cvDraft:jaan@example.ee:cv-2', 'cvDraft:xmari@example.ee:cv-3', 'selectedLocale']);
  });
});

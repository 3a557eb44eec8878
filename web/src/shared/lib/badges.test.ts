import { describe, expect, it } from 'vitest';

import { badgeCount, badgeText } from './badges';

const counts = { applications: 3, interviews: 1, messages: 0, invoices: 120 };

describe('menu badges', () => {
  it('maps each kind to its count', () => {
    expect(badgeCount('APPLICATIONS', counts)).toBe(3);
    expect(badgeCount('INTERVIEWS', counts)).toBe(1);
    expect(badgeCount('MESSAGES', counts)).toBe(0);
    expect(badgeCount('INVOICES', counts)).toBe(120);
  });

  it('shows nothing for an item without a kind, before the counts load, or for a nonsense count', () => {
    expect(badgeCount(undefined, counts)).toBe(0);
    expect(badgeCount('APPLICATIONS', undefined)).toBe(0);
    expect(badgeCount('APPLICATIONS', { ...counts, applications: -2 })).toBe(0);
    expect(badgeCount('APPLICATIONS', { ...counts, applications: Number.NaN })).toBe(0);
  });

  it('caps the text at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

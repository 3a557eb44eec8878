import { describe, expect, it } from 'vitest';

import { cardLocation, cutTeaser, estonianDate, salaryLine } from './format';

describe('card formatting', () => {
  it('cuts a teaser at 360 characters on a word boundary with an ellipsis', () => {
    const text = `${'sõna '.repeat(71)}pikksõnaviimane lõpp`;
    const cut = cutTeaser(text);
    expect(cut.length).toBeLessThanOrEqual(361);
    expect(cut.endsWith('sõna…')).toBe(true);
    expect(cutTeaser('lühike tekst')).toBe('lühike tekst');
    expect(cutTeaser('a'.repeat(400))).toBe(`${'a'.repeat(360)}…`);
  });

  it('shows whole amounts without decimals, others with two', () => {
    const words = { from: 'from', upTo: 'up to' };
    expect(salaryLine({ salaryFrom: 1200, salaryTo: 1700, salaryPeriod: { label: 'per month' } }, 'en', words)).toBe('€1,200 – €1,700 per month');
    expect(salaryLine({ salaryFrom: 12.5, salaryTo: null }, 'en', words)).toBe('from €12.50');
    expect(salaryLine({ salaryTo: 900 }, 'en', words)).toBe('up to €900');
    expect(salaryLine({}, 'en', words)).toBeNull();
  });

  it('writes dates the Estonian short way and picks the location', () => {
    expect(estonianDate('2026-11-30T05:30:06Z')).toBe('30.11.2026');
    expect(estonianDate(null)).toBeNull();
    expect(cardLocation('Harju maakond, Tallinn, Kesklinn')).toBe('Tallinn');
    expect(cardLocation('Tartu')).toBe('Tartu');
    expect(cardLocation(null)).toBeNull();
  });
});

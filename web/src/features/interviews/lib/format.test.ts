import { describe, expect, it } from 'vitest';

import { formatDay, formatPeriod, formatTime, occupationLabel, safeHttpLink } from './format';

describe('interview formatting', () => {
  it('shows times in Tallinn, 24-hour', () => {
    expect(formatTime('2026-11-23T08:00:00Z', 'en')).toBe('10:00');
    expect(formatTime('2026-07-01T21:30:00Z', 'et')).toBe('00:30');
  });

  it('shows the Tallinn day with its weekday', () => {
    expect(formatDay('2026-11-23T08:00:00Z', 'et')).toMatch(/23\.11\.2026/);
    expect(formatDay('2026-11-23T08:00:00Z', 'en')).toMatch(/Mon/);
    expect(formatDay('2026-11-22T22:30:00Z', 'en')).toMatch(/23\/11\/2026/);
  });

  it('shows a period of one day with one date and one crossing midnight with two', () => {
    expect(formatPeriod('2026-11-23T08:00:00Z', '2026-11-23T08:45:00Z', 'en')).toMatch(/23\/11\/2026 10:00–10:45$/);
    const overnight = formatPeriod('2026-11-23T20:00:00Z', '2026-11-23T23:00:00Z', 'en');
    expect(overnight).toMatch(/23\/11\/2026 22:00 – .*24\/11\/2026 01:00$/);
  });

  it('takes the occupation in the language, else Estonian', () => {
    const labels = { et: 'Kokk', en: 'Cook', ru: 'Повар' };
    expect(occupationLabel(labels, 'ru')).toBe('Повар');
    expect(occupationLabel({ ...labels, en: '' }, 'en')).toBe('Kokk');
    expect(occupationLabel(null, 'en')).toBeNull();
  });

  it('lets only http and https links through', () => {
    expect(safeHttpLink('https://meet.example.com/a')).toBe('https://meet.example.com/a');
    expect(safeHttpLink('http://example.com')).toBe('http://example.com/');
    expect(safeHttpLink('javascript:alert(1)')).toBeNull();
    expect(safeHttpLink('meet.example.com')).toBeNull();
    expect(safeHttpLink(null)).toBeNull();
  });
});

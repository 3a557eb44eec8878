import { describe, expect, it } from 'vitest';

import {
  clampDate,
  ENABLED_SEARCH_LIMIT_DAYS,
  fieldBounds,
  formatDate,
  fromIsoDate,
  nearestEnabled,
  parseDate,
  shiftedDay,
  toIsoDate,
  wrapperBounds,
} from './date-field';

const MONTHS = ['jaan', 'veebr', 'märts', 'apr', 'mai', 'juuni', 'juuli', 'aug', 'sept', 'okt', 'nov', 'dets'];

function parsed(text: string, format: string) {
  const result = parseDate(text, format, MONTHS);
  if (!result.valid) return 'invalid';
  return result.value ? formatDate(result.value, 'yyyy-MM-dd HH:mm:ss') : null;
}

describe('parseDate', () => {
  it('reads the wrapper format dd/MM/yyyy', () => {
    expect(parsed('24/02/1990', 'dd/MM/yyyy')).toBe('1990-02-24 00:00:00');
    expect(parsed(' 1/2/2001 ', 'dd/MM/yyyy')).toBe('2001-02-01 00:00:00');
  });

  it('reads the field format with time', () => {
    expect(parsed('2026-11-21 13:05:09', 'yyyy-MM-dd HH:mm:ss')).toBe('2026-11-21 13:05:09');
  });

  it('reads a two-digit year as 2000 plus the digits', () => {
    expect(parsed('05.03.26', 'dd.MM.yy')).toBe('2026-03-05 00:00:00');
    expect(parsed('05.03.99', 'dd.MM.yy')).toBe('2099-03-05 00:00:00');
  });

  it('reads short month names', () => {
    expect(parsed('7 Märts 2024', 'dd MMM yyyy')).toBe('2024-03-07 00:00:00');
    expect(parsed('7 foo 2024', 'dd MMM yyyy')).toBe('invalid');
  });

  it('treats empty text as a valid empty value', () => {
    expect(parsed('', 'dd/MM/yyyy')).toBeNull();
    expect(parsed('   ', 'dd/MM/yyyy')).toBeNull();
  });

  it('rejects parts out of their bounds', () => {
    expect(parsed('31/04/2024', 'dd/MM/yyyy')).toBe('invalid');
    expect(parsed('29/02/2023', 'dd/MM/yyyy')).toBe('invalid');
    expect(parsed('29/02/2024', 'dd/MM/yyyy')).toBe('2024-02-29 00:00:00');
    expect(parsed('01/13/2024', 'dd/MM/yyyy')).toBe('invalid');
    expect(parsed('00/12/2024', 'dd/MM/yyyy')).toBe('invalid');
    expect(parsed('2024-01-01 24:00:00', 'yyyy-MM-dd HH:mm:ss')).toBe('invalid');
    expect(parsed('2024-01-01 23:60:00', 'yyyy-MM-dd HH:mm:ss')).toBe('invalid');
    expect(parsed('2024-01-01 23:59:60', 'yyyy-MM-dd HH:mm:ss')).toBe('invalid');
  });

  it('rejects text that does not follow the format', () => {
    expect(parsed('1990-02-24', 'dd/MM/yyyy')).toBe('invalid');
    expect(parsed('24/02/1990x', 'dd/MM/yyyy')).toBe('invalid');
    expect(parsed('abc', 'dd/MM/yyyy')).toBe('invalid');
  });
});

describe('bounds', () => {
  const now = new Date(2026, 10, 21, 12, 0, 0);

  it('the field runs from 1 January twenty years back to the end of this year', () => {
    const { min, max } = fieldBounds(now);
    expect(formatDate(min, 'yyyy-MM-dd HH:mm:ss')).toBe('2006-01-01 00:00:00');
    expect(formatDate(max, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-12-31 23:59:59');
    expect(max.getMilliseconds()).toBe(999);
  });

  it('the wrapper runs from 1900 to about a year ahead', () => {
    const { min, max } = wrapperBounds(now);
    expect(toIsoDate(min)).toBe('1900-01-01');
    expect(toIsoDate(max)).toBe('2027-11-21');
  });

  it('moves a value outside the range to the nearest allowed date', () => {
    const bounds = wrapperBounds(now);
    expect(toIsoDate(clampDate(new Date(1850, 5, 1), bounds))).toBe('1900-01-01');
    expect(toIsoDate(clampDate(new Date(2090, 5, 1), bounds))).toBe('2027-11-21');
    expect(toIsoDate(clampDate(new Date(2000, 5, 1), bounds))).toBe('2000-06-01');
  });

  it('round-trips API dates', () => {
    expect(toIsoDate(fromIsoDate('1990-02-24')!)).toBe('1990-02-24');
    expect(fromIsoDate('')).toBeNull();
    expect(fromIsoDate('1990-02-30')).toBeNull();
  });
});

describe('nearestEnabled', () => {
  const bounds = { min: new Date(2026, 0, 1), max: new Date(2026, 11, 31, 23, 59, 59, 999) };
  const weekend = (date: Date) => date.getDay() === 0 || date.getDay() === 6;
  const iso = (date: Date | null) => (date ? toIsoDate(date) : null);

  it('keeps an enabled date and moves a disabled one to the nearest enabled date, the earlier when tied', () => {
    expect(iso(nearestEnabled(new Date(2026, 10, 25), weekend, bounds))).toBe('2026-11-25');
    // Saturday 28 November: Friday 27th is one day back, Monday 30th two ahead
    expect(iso(nearestEnabled(new Date(2026, 10, 28), weekend, bounds))).toBe('2026-11-27');
    // Sunday 29 November: Monday 30th is one day ahead, Friday 27th two back
    expect(iso(nearestEnabled(new Date(2026, 10, 29), weekend, bounds))).toBe('2026-11-30');
    const onlyFirstOfMonth = (date: Date) => date.getDate() !== 1;
    expect(iso(nearestEnabled(new Date(2026, 10, 20), onlyFirstOfMonth, bounds))).toBe('2026-12-01');
  });

  it('stays inside the bounds and gives up when nothing is enabled', () => {
    // 3 January 2026 is a Saturday and the range starts on Thursday 1 January
    expect(iso(nearestEnabled(new Date(2025, 5, 1), weekend, bounds))).toBe('2026-01-01');
    expect(nearestEnabled(new Date(2026, 5, 1), () => true, bounds)).toBeNull();
  });

  it('looks at most 36525 days each way', () => {
    const wide = { min: new Date(1800, 0, 1), max: new Date(2300, 0, 1) };
    const from = new Date(2026, 0, 1);
    const farAway = new Date(from.getFullYear(), from.getMonth(), from.getDate() + ENABLED_SEARCH_LIMIT_DAYS + 1);
    const onlyFarAway = (date: Date) => toIsoDate(date) !== toIsoDate(farAway);
    expect(ENABLED_SEARCH_LIMIT_DAYS).toBe(36525);
    expect(nearestEnabled(from, onlyFarAway, wide)).toBeNull();
    const justInside = new Date(from.getFullYear(), from.getMonth(), from.getDate() + ENABLED_SEARCH_LIMIT_DAYS);
    expect(iso(nearestEnabled(from, (date) => toIsoDate(date) !== toIsoDate(justInside), wide))).toBe(toIsoDate(justInside));
  });
});

describe('shiftedDay', () => {
  it('moves by a month with Shift+left/right and by a year with Shift+up/down, keeping the day inside the month', () => {
    expect(shiftedDay('2026-11-29', 'ArrowRight')).toBe('2026-12-29');
    expect(shiftedDay('2026-11-29', 'ArrowLeft')).toBe('2026-10-29');
    expect(shiftedDay('2026-11-29', 'ArrowDown')).toBe('2027-11-29');
    expect(shiftedDay('2026-11-29', 'ArrowUp')).toBe('2025-11-29');
    expect(shiftedDay('2026-01-31', 'ArrowRight')).toBe('2026-02-28');
    expect(shiftedDay('2024-02-29', 'ArrowDown')).toBe('2025-02-28');
    expect(shiftedDay('2026-11-29', 'Enter')).toBeNull();
  });
});

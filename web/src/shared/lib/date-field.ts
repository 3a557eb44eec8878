/**
 * The date field rules of spec 1 section 5: a small format language (yyyy, yy, MM, MMM, dd, HH, mm,
 * ss), two-digit years read as 2000 plus the digits, bounds per part, values outside the allowed
 * range moved to the nearest allowed date, empty text valid (it clears the value), anything else
 * invalid.
 */

export const FIELD_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const WRAPPER_FORMAT = 'dd/MM/yyyy';

export type ParseResult = { valid: true; value: Date | null } | { valid: false };

const TOKEN = /yyyy|yy|MMM|MM|dd|HH|mm|ss/g;

interface Token {
  token: string;
  literal: boolean;
}

function tokenize(format: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    if (match.index > last) tokens.push({ token: format.slice(last, match.index), literal: true });
    tokens.push({ token: match[0], literal: false });
    last = match.index + match[0].length;
  }
  if (last < format.length) tokens.push({ token: format.slice(last), literal: true });
  return tokens;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

/** Reads `text` in `format`; `monthNames` are the twelve short names MMM stands for. */
export function parseDate(text: string, format: string, monthNames: readonly string[] = []): ParseResult {
  const input = text.trim();
  if (!input) return { valid: true, value: null };
  const tokens = tokenize(format);
  const pattern = tokens
    .map(({ token, literal }) => {
      if (literal) return escape(token).replace(/ /g, '\\s+');
      if (token === 'yyyy') return '(\\d{4})';
      if (token === 'MMM') return '([^\\d\\s./-]+)';
      return '(\\d{1,2})';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`, 'i').exec(input);
  if (!match) return { valid: false };
  const parts: Record<string, number> = { year: NaN, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  let group = 1;
  for (const { token, literal } of tokens) {
    if (literal) continue;
    const raw = match[group++]!;
    if (token === 'MMM') {
      const index = monthNames.findIndex((name) => name.toLowerCase() === raw.toLowerCase());
      if (index < 0) return { valid: false };
      parts.month = index + 1;
      continue;
    }
    const value = Number(raw);
    if (token === 'yyyy') parts.year = value;
    else if (token === 'yy') parts.year = 2000 + value;
    else if (token === 'MM') parts.month = value;
    else if (token === 'dd') parts.day = value;
    else if (token === 'HH') parts.hour = value;
    else if (token === 'mm') parts.minute = value;
    else if (token === 'ss') parts.second = value;
  }
  const { year, month, day, hour, minute, second } = parts as Record<string, number>;
  if (!Number.isFinite(year) || year < 1) return { valid: false };
  if (month < 1 || month > 12) return { valid: false };
  if (day < 1 || day > daysInMonth(year, month)) return { valid: false };
  if (hour > 23 || minute > 59 || second > 59) return { valid: false };
  const date = new Date(year, month - 1, day, hour, minute, second, 0);
  date.setFullYear(year); // years below 100 stay as written
  return { valid: true, value: date };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export function formatDate(date: Date, format: string, monthNames: readonly string[] = []): string {
  return tokenize(format)
    .map(({ token, literal }) => {
      if (literal) return token;
      switch (token) {
        case 'yyyy':
          return pad(date.getFullYear(), 4);
        case 'yy':
          return pad(date.getFullYear() % 100);
        case 'MMM':
          return monthNames[date.getMonth()] ?? pad(date.getMonth() + 1);
        case 'MM':
          return pad(date.getMonth() + 1);
        case 'dd':
          return pad(date.getDate());
        case 'HH':
          return pad(date.getHours());
        case 'mm':
          return pad(date.getMinutes());
        default:
          return pad(date.getSeconds());
      }
    })
    .join('');
}

export interface Bounds {
  min: Date;
  max: Date;
}

/** The plain date field: from 1 January twenty years back to the end of this year. */
export function fieldBounds(now: Date = new Date()): Bounds {
  return {
    min: new Date(now.getFullYear() - 20, 0, 1),
    max: new Date(now.getFullYear(), 11, 31, 23, 59, 59, 999),
  };
}

/** The date wrapper (dd/MM/yyyy): from 1 January 1900 to about a year ahead. */
export function wrapperBounds(now: Date = new Date()): Bounds {
  return {
    min: new Date(1900, 0, 1),
    max: new Date(now.getFullYear() + 1, now.getMonth(), now.getDate(), 23, 59, 59, 999),
  };
}

/** A value outside the allowed range moves to the nearest allowed date. */
export function clampDate(date: Date, { min, max }: Bounds): Date {
  if (date < min) return new Date(min);
  if (date > max) return new Date(max);
  return date;
}

/** `YYYY-MM-DD` of a local date, the form the API takes. */
export function toIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local date of a `YYYY-MM-DD` string, or null. */
export function fromIsoDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const result = parseDate(value.slice(0, 10), 'yyyy-MM-dd');
  return result.valid ? result.value : null;
}

/** How far [`nearestEnabled`] looks on each side for a date that is not disabled (spec 1 §5). */
export const ENABLED_SEARCH_LIMIT_DAYS = 36525;

const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds());

/**
 * A value on a disabled date moves to the nearest enabled date inside the bounds (the earlier one
 * when two are as near), looking at most 36525 days each way; null when there is none.
 */
export function nearestEnabled(date: Date, isDisabled: (date: Date) => boolean, bounds: Bounds): Date | null {
  const start = clampDate(date, bounds);
  const inside = (candidate: Date) => candidate >= bounds.min && candidate <= bounds.max;
  if (!isDisabled(start)) return start;
  for (let distance = 1; distance <= ENABLED_SEARCH_LIMIT_DAYS; distance += 1) {
    const before = addDays(start, -distance);
    const after = addDays(start, distance);
    const beforeInside = inside(before);
    const afterInside = inside(after);
    if (!beforeInside && !afterInside) return null;
    if (beforeInside && !isDisabled(before)) return before;
    if (afterInside && !isDisabled(after)) return after;
  }
  return null;
}

/** The calendar's keyboard beyond the arrows: Shift with ←/→ moves by a month, with ↑/↓ by a year. */
export function shiftedDay(iso: string, key: string): string | null {
  const date = fromIsoDate(iso);
  if (!date) return null;
  const months = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -12, ArrowDown: 12 }[key];
  if (months === undefined) return null;
  const day = date.getDate();
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  target.setDate(Math.min(day, new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate()));
  return toIsoDate(target);
}

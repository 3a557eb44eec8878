import type { components } from '@/shared/api/schema';

type Labels = components['schemas']['Labels'];

export const TIME_ZONE = 'Europe/Tallinn';

const LOCALES: Record<string, string> = { et: 'et-EE', en: 'en-GB', ru: 'ru-RU' };

function locale(language: string): string {
  return LOCALES[language] ?? LOCALES.et;
}

function parts(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale(language), { timeZone: TIME_ZONE, ...options }).format(new Date(iso));
}

/** "E, 23.11.2026" / "Mon, 23/11/2026": the day in Tallinn, with its weekday. */
export function formatDay(iso: string, language: string): string {
  return parts(iso, language, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** "10:00": the time of day in Tallinn, 24-hour. */
export function formatTime(iso: string, language: string): string {
  return parts(iso, language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

function sameTallinnDay(a: string, b: string): boolean {
  const day = (iso: string) => parts(iso, 'et', { day: '2-digit', month: '2-digit', year: 'numeric' });
  return day(a) === day(b);
}

/** "Mon, 23/11/2026 10:00–10:45", or both days when the period crosses midnight. */
export function formatPeriod(start: string, end: string, language: string): string {
  if (sameTallinnDay(start, end)) return `${formatDay(start, language)} ${formatTime(start, language)}–${formatTime(end, language)}`;
  return `${formatDay(start, language)} ${formatTime(start, language)} – ${formatDay(end, language)} ${formatTime(end, language)}`;
}

/** The occupation in the interface language, else Estonian. */
export function occupationLabel(labels: Labels | null | undefined, language: string): string | null {
  if (!labels) return null;
  const text = (labels as Record<string, string | undefined>)[language] || labels.et || labels.en || labels.ru;
  return text?.trim() ? text : null;
}

/** A link the card may open: http(s) only, anything else is not shown as a link. */
export function safeHttpLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

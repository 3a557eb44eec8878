import type { Language } from '@/shared/i18n/languages';

/** A message's time in Tallinn: the time alone today, the date and time otherwise. */
export function messageTime(iso: string, language: Language, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', dateStyle: 'short' }).format(date);
  const sameDay = day(at) === day(now);
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { timeZone: 'Europe/Tallinn', hour: '2-digit', minute: '2-digit' }
    : { timeZone: 'Europe/Tallinn', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(language, options).format(at);
}

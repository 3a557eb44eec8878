import { formatEuros } from '@/shared/lib/money';

export const TEASER_LIMIT = 360;

/** Cuts a teaser to 360 characters at a word boundary with an ellipsis (spec 1 section 9). */
export function cutTeaser(text: string, limit = TEASER_LIMIT): string {
  const clean = text.trim();
  if (clean.length <= limit) return clean;
  const head = clean.slice(0, limit);
  const lastSpace = head.search(/\s\S*$/);
  const cut = clean[limit] !== undefined && /\s/.test(clean[limit]) ? head : lastSpace > 0 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Euros as the card shows them: whole amounts without decimals, others with two. */
export function formatAmount(euros: number, language: string): string {
  return formatEuros(Math.round(euros * 100), language);
}

/** "1 200 – 1 700 € kuus", "from 1 050 €", "up to …", or null when there is no amount. */
export function salaryLine(
  salary: { salaryFrom?: number | null; salaryTo?: number | null; salaryPeriod?: { label: string } | null },
  language: string,
  words: { from: string; upTo: string },
): string | null {
  const { salaryFrom: from, salaryTo: to } = salary;
  const period = salary.salaryPeriod?.label ? ` ${salary.salaryPeriod.label}` : '';
  if (from != null && to != null && from !== to) return `${formatAmount(from, language)} – ${formatAmount(to, language)}${period}`;
  if (from != null) return `${to === from ? '' : `${words.from} `}${formatAmount(from, language)}${period}`;
  if (to != null) return `${words.upTo} ${formatAmount(to, language)}${period}`;
  return null;
}

/** Estonian short date, dd.MM.yyyy, in Estonian time. */
export function estonianDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('et-EE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Tallinn' }).format(date);
}

/** The card's location: the second part of the comma-separated address, or else the first. */
export function cardLocation(address: string | null | undefined): string | null {
  const parts = (address ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return parts[1] ?? parts[0] ?? null;
}

/** The text in the language, else Estonian, else the first one. */
export function inLanguage<T extends { languageCode: string }>(items: readonly T[], language: string): T | undefined {
  return items.find((item) => item.languageCode === language) ?? items.find((item) => item.languageCode === 'et') ?? items[0];
}

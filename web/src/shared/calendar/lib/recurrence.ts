import { toWallClock } from '@/shared/lib/tallinn';

/** The repeats the event dialog offers. */
export const REPEATS = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type Repeat = (typeof REPEATS)[number];

export interface RepeatChoice {
  repeat: Repeat;
  /** The last day (`YYYY-MM-DD`, Tallinn) an occurrence may start on, or null for no end. */
  until: string | null;
}

/**
 * The RRULE of a choice: `FREQ=WEEKLY` and, with an end date, `UNTIL=20261231` (a bare date, which
 * the server reads as the end of that day in Tallinn). No repeat is no rule.
 */
export function ruleOf({ repeat, until }: RepeatChoice): string | null {
  if (repeat === 'none') return null;
  const parts = [`FREQ=${repeat.toUpperCase()}`];
  if (until) parts.push(`UNTIL=${until.replaceAll('-', '')}`);
  return parts.join(';');
}

function untilDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/i.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, utc] = match;
  // a stored UNTIL is UTC: its day is the Tallinn day of that instant
  if (hour !== undefined && utc) return toWallClock(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`).slice(0, 10);
  return `${year}-${month}-${day}`;
}

/**
 * The choice a stored rule stands for. A rule the dialog cannot express (an interval, weekdays, a
 * count…) is `custom`: the dialog then keeps it as it is unless the user picks another repeat.
 */
export function choiceOf(rule: string | null | undefined): RepeatChoice & { custom: boolean } {
  const text = (rule ?? '').trim().replace(/^RRULE:/i, '');
  if (!text) return { repeat: 'none', until: null, custom: false };
  const parts = new Map(
    text
      .split(';')
      .filter(Boolean)
      .map((part) => {
        const [key, value = ''] = part.split('=');
        return [key.trim().toUpperCase(), value.trim()] as const;
      }),
  );
  const frequency = (parts.get('FREQ') ?? '').toLowerCase();
  const repeat = (REPEATS as readonly string[]).includes(frequency) && frequency !== 'none' ? (frequency as Repeat) : 'none';
  const until = parts.has('UNTIL') ? untilDate(parts.get('UNTIL') ?? '') : null;
  const known = ['FREQ', 'UNTIL', 'WKST'];
  const custom = repeat === 'none' || [...parts.keys()].some((key) => !known.includes(key)) || (parts.has('UNTIL') && !until);
  return { repeat, until, custom };
}

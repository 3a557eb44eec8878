/**
 * The calendar and the vacancy editor show Tallinn time, as the server stores and expands events
 * in it. They work on "wall-clock" strings (`2026-11-23T10:00:00`, no offset); these turn an
 * instant into Tallinn's wall clock and back.
 */
export const TIME_ZONE = 'Europe/Tallinn';

const wallClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClockOf(time: number): string {
  const parts = Object.fromEntries(wallClockFormat.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The Tallinn wall clock of an instant: `2026-11-23T08:00:00Z` is `2026-11-23T10:00:00`. */
export function toWallClock(instant: string | Date): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return wallClockOf(time);
}

/** A wall-clock string read as if it were UTC, in milliseconds. */
function asUtc(wallClock: string): number {
  const [date, time = '00:00:00'] = wallClock.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second = 0] = time.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, Math.floor(second));
}

/** Tallinn's offset from UTC at an instant, in milliseconds. */
function offsetAt(time: number): number {
  return asUtc(wallClockOf(time)) - time;
}

/**
 * The instant of a Tallinn wall clock (`2026-11-23T10:00` or a bare date for midnight), as an ISO
 * string in UTC. A time skipped by the spring change is read with the offset before it.
 */
export function fromWallClock(wallClock: string): string {
  const naive = asUtc(wallClock);
  const guess = naive - offsetAt(naive);
  return new Date(naive - offsetAt(guess)).toISOString();
}

/** The Tallinn date (`YYYY-MM-DD`) of an instant. */
export function tallinnDate(instant: string | Date): string {
  return toWallClock(instant).slice(0, 10);
}

/** The date `days` after a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return new Date(asUtc(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date of the calendar component (which runs in UTC over wall-clock strings) as the wall clock
 * it stands for, without an offset: what the server reads as Tallinn time.
 */
export function componentDateToWallClock(date: Date): string {
  return date.toISOString().slice(0, 19);
}

import type { CalendarItem } from '../api/types';
import { addDays, toWallClock } from '@/shared/lib/tallinn';

/** What the calendar component draws for one item (its `EventInput` shape, kept to what is used). */
export interface CalendarEntry {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  editable: false;
  classNames: string[];
  extendedProps: { item: CalendarItem };
}

/** The look of an item: own events, fixed interviews, and offered (tentative) interview slots. */
export function entryClasses(item: CalendarItem): string[] {
  if (item.kind === 'event') return ['vk-event', 'vk-event-own'];
  if (item.interview?.tentative) return ['vk-event', 'vk-event-interview', 'vk-event-tentative'];
  return ['vk-event', 'vk-event-interview'];
}

/**
 * An item as the calendar component takes it: Tallinn wall clocks (the component runs in UTC over
 * them); all-day items as dates, with the exclusive end day.
 */
export function toEntry(item: CalendarItem): CalendarEntry {
  const start = toWallClock(item.start);
  const end = toWallClock(item.end);
  const key = item.kind === 'event' ? `event:${item.eventId}:${item.start}` : `interview:${item.interviewId}:${item.interview?.slotId ?? ''}:${item.start}`;
  let allDayEnd = end.slice(0, 10);
  if (item.allDay && end.slice(11) !== '00:00:00') allDayEnd = addDays(allDayEnd, 1);
  return {
    id: key,
    title: item.name,
    start: item.allDay ? start.slice(0, 10) : start,
    end: item.allDay ? allDayEnd : end,
    allDay: item.allDay,
    editable: false,
    classNames: entryClasses(item),
    extendedProps: { item },
  };
}

/** Both lists of one range (one-off and recurring), in time order, without repeats. */
export function mergeItems(oneOff: readonly CalendarItem[], recurring: readonly CalendarItem[]): CalendarItem[] {
  const seen = new Set<string>();
  const all: CalendarItem[] = [];
  for (const item of [...oneOff, ...recurring]) {
    const key = `${item.kind}:${item.eventId ?? item.interviewId}:${item.interview?.slotId ?? ''}:${item.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    all.push(item);
  }
  return all.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Where a click on an interview leads: its tab of `/account/my-interviews`. */
export function interviewsPath(item: CalendarItem, base = '/account/my-interviews'): string {
  const status = item.interview?.displayStatus;
  if (item.interview?.tentative || status === 'invited' || status === 'inviteExpired') return `${base}?tab=invited`;
  if (status === 'completed') return `${base}?tab=completed`;
  return `${base}?tab=accepted`;
}

import type { CalendarItem, EventInput } from '../api/types';
import { choiceOf, type Repeat, ruleOf } from './recurrence';
import { addDays, fromWallClock, toWallClock } from '@/shared/lib/tallinn';

export const NAME_LIMIT = 200;
export const DESCRIPTION_LIMIT = 2000;

/** The event dialog's fields, in Tallinn time: dates `YYYY-MM-DD`, times `HH:mm`. */
export interface EventFormValues {
  name: string;
  description: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeat: Repeat;
  until: string | null;
  /** A stored rule the dialog cannot express, kept while the repeat stays unchanged. */
  customRule: string | null;
}

export type EventFormErrors = Partial<Record<'name' | 'description' | 'start' | 'end' | 'until', string>>;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The time an hour after `time` (`HH:mm`), and whether it passed midnight. */
function hourLater(time: string): { time: string; nextDay: boolean } {
  const [hour, minute] = time.split(':').map(Number);
  const later = hour + 1;
  return { time: `${pad(later % 24)}:${pad(minute)}`, nextDay: later >= 24 };
}

/**
 * A new event where the user clicked: a time of the week view starts there and lasts an hour; a
 * day of the month view (or the all-day row) gets 9:00–10:00 on that day, unless `allDay` is asked.
 */
export function newEventValues(wallClock: string, clickedTime: boolean, allDay = false): EventFormValues {
  const date = wallClock.slice(0, 10);
  const startTime = clickedTime ? wallClock.slice(11, 16) : '09:00';
  const end = hourLater(startTime);
  return {
    name: '',
    description: '',
    allDay,
    startDate: date,
    startTime,
    endDate: end.nextDay ? addDays(date, 1) : date,
    endTime: end.time,
    repeat: 'none',
    until: null,
    customRule: null,
  };
}

/** An own event as the dialog edits it: a recurring one as its whole series, from its first occurrence. */
export function valuesOfItem(item: CalendarItem): EventFormValues {
  const start = toWallClock(item.seriesStart ?? item.start);
  const end = toWallClock(item.seriesEnd ?? item.end);
  const choice = choiceOf(item.recurrence);
  // an all-day event ends at the midnight after its last day
  const endDate = item.allDay && end.slice(11) === '00:00:00' && end.slice(0, 10) > start.slice(0, 10) ? addDays(end.slice(0, 10), -1) : end.slice(0, 10);
  return {
    name: item.name,
    description: item.description ?? '',
    allDay: item.allDay,
    startDate: start.slice(0, 10),
    startTime: start.slice(11, 16),
    endDate,
    endTime: end.slice(11, 16),
    repeat: choice.repeat,
    until: choice.until,
    customRule: choice.custom && item.recurrence ? item.recurrence : null,
  };
}

/** The start and end instants of the form (an all-day event covers its days from midnight to midnight). */
export function periodOf(values: EventFormValues): { start: string; end: string } {
  if (values.allDay) return { start: fromWallClock(values.startDate), end: fromWallClock(addDays(values.endDate, 1)) };
  return { start: fromWallClock(`${values.startDate}T${values.startTime}`), end: fromWallClock(`${values.endDate}T${values.endTime}`) };
}

/** The request body of the form. */
export function toEventInput(values: EventFormValues): EventInput {
  const { start, end } = periodOf(values);
  const rule = values.customRule ?? ruleOf({ repeat: values.repeat, until: values.repeat === 'none' ? null : values.until });
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    start,
    end,
    allDay: values.allDay,
    recurrence: rule,
  };
}

const TIME = /^\d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The server's rules, checked before sending (domain/src/calendar/mod.rs): a name of at most 200
 * characters, a description of at most 2000, an end not before the start, at most 366 days later;
 * and a repeat end not before the first day. Values are i18n keys of the calendar namespace.
 */
export function validateEvent(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'form.errors.nameRequired';
  else if (name.length > NAME_LIMIT) errors.name = 'form.errors.nameTooLong';
  if (values.description.trim().length > DESCRIPTION_LIMIT) errors.description = 'form.errors.descriptionTooLong';
  if (!DATE.test(values.startDate) || (!values.allDay && !TIME.test(values.startTime))) errors.start = 'form.errors.startRequired';
  if (!DATE.test(values.endDate) || (!values.allDay && !TIME.test(values.endTime))) errors.end = 'form.errors.endRequired';
  if (!errors.start && !errors.end) {
    const { start, end } = periodOf(values);
    const length = Date.parse(end) - Date.parse(start);
    if (length < 0) errors.end = 'form.errors.endBeforeStart';
    else if (length > 366 * 86_400_000) errors.end = 'form.errors.tooLong';
  }
  if (values.repeat !== 'none' && values.until && DATE.test(values.startDate) && values.until < values.startDate) errors.until = 'form.errors.untilBeforeStart';
  return errors;
}

/** Where the server's error belongs in the form (its `field`), or nowhere in particular. */
export function fieldOfServerError(field: string | null | undefined): keyof EventFormErrors | 'repeat' | null {
  switch (field) {
    case 'name':
    case 'description':
    case 'start':
    case 'end':
      return field;
    case 'recurrence':
      return 'repeat';
    default:
      return null;
  }
}

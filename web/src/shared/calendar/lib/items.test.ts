import { describe, expect, it } from 'vitest';

import type { CalendarItem } from '../api/types';
import { entryClasses, interviewsPath, mergeItems, toEntry } from './items';

const event: CalendarItem = {
  kind: 'event',
  eventId: 'e1',
  name: 'Dentist',
  start: '2026-11-23T08:00:00Z',
  end: '2026-11-23T09:00:00Z',
  allDay: false,
  readOnly: false,
};

const interview = (tentative: boolean, displayStatus: 'invited' | 'accepted' | 'completed' = tentative ? 'invited' : 'accepted'): CalendarItem => ({
  kind: 'interview',
  interviewId: 'i1',
  name: 'Cook – Demo OÜ',
  start: '2026-11-24T08:00:00Z',
  end: '2026-11-24T10:00:00Z',
  allDay: false,
  readOnly: true,
  interview: {
    tentative,
    slotId: tentative ? 's1' : null,
    status: tentative ? 'INVITED' : 'ACCEPTED',
    displayStatus,
    type: 'ONLINE',
    businessName: 'Demo OÜ',
  },
});

describe('calendar items', () => {
  it('draws own events, interviews and offered slots apart', () => {
    expect(entryClasses(event)).toContain('vk-event-own');
    expect(entryClasses(interview(false))).toEqual(['vk-event', 'vk-event-interview']);
    expect(entryClasses(interview(true))).toContain('vk-event-tentative');
  });

  it('places timed items at their Tallinn wall clock', () => {
    expect(toEntry(event)).toMatchObject({ title: 'Dentist', start: '2026-11-23T10:00:00', end: '2026-11-23T11:00:00', allDay: false, editable: false });
  });

  it('places all-day items on their Tallinn days', () => {
    const holiday = { ...event, allDay: true, start: '2026-11-22T22:00:00Z', end: '2026-11-24T22:00:00Z' };
    expect(toEntry(holiday)).toMatchObject({ start: '2026-11-23', end: '2026-11-25', allDay: true });
  });

  it('merges both lists in time order, once each', () => {
    const later = { ...event, eventId: 'e2', start: '2026-11-25T08:00:00Z', end: '2026-11-25T09:00:00Z', recurrence: 'FREQ=DAILY' };
    const merged = mergeItems([interview(false), event], [later, event]);
    expect(merged.map((item) => item.eventId ?? item.interviewId)).toEqual(['e1', 'i1', 'e2']);
  });

  it('leads each interview to its tab', () => {
    expect(interviewsPath(interview(true))).toBe('/account/my-interviews?tab=invited');
    expect(interviewsPath(interview(false))).toBe('/account/my-interviews?tab=accepted');
    expect(interviewsPath(interview(false, 'completed'))).toBe('/account/my-interviews?tab=completed');
  });
});

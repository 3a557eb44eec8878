import { describe, expect, it } from 'vitest';

import type { CalendarItem } from '../api/types';
import { fieldOfServerError, newEventValues, toEventInput, validateEvent, valuesOfItem } from './event-form';

const item = (overrides: Partial<CalendarItem>): CalendarItem => ({
  kind: 'event',
  eventId: '6b0f7a3e-0000-4000-8000-000000000001',
  name: 'Dentist',
  start: '2026-11-23T08:00:00Z',
  end: '2026-11-23T09:30:00Z',
  allDay: false,
  readOnly: false,
  ...overrides,
});

describe('event form', () => {
  it('starts a new event at the clicked time for an hour', () => {
    expect(newEventValues('2026-11-23T14:30:00', true)).toMatchObject({ startDate: '2026-11-23', startTime: '14:30', endDate: '2026-11-23', endTime: '15:30', allDay: false, repeat: 'none' });
  });

  it('starts a new event on a clicked day at nine', () => {
    expect(newEventValues('2026-11-23T00:00:00', false)).toMatchObject({ startDate: '2026-11-23', startTime: '09:00', endTime: '10:00' });
  });

  it('ends an event started at 23:30 the next day', () => {
    expect(newEventValues('2026-12-31T23:30:00', true)).toMatchObject({ endDate: '2027-01-01', endTime: '00:30' });
  });

  it('sends a timed event in UTC from Tallinn time', () => {
    const values = { ...newEventValues('2026-11-23T10:00:00', true), name: '  Dentist ', description: ' ' };
    expect(toEventInput(values)).toEqual({
      name: 'Dentist',
      description: null,
      start: '2026-11-23T08:00:00.000Z',
      end: '2026-11-23T09:00:00.000Z',
      allDay: false,
      recurrence: null,
    });
  });

  it('sends an all-day event from the first midnight to the one after the last day', () => {
    const values = { ...newEventValues('2026-11-23T00:00:00', false, true), name: 'Holiday', endDate: '2026-11-24' };
    expect(toEventInput(values)).toMatchObject({ start: '2026-11-22T22:00:00.000Z', end: '2026-11-24T22:00:00.000Z', allDay: true });
  });

  it('sends the repeat as an RRULE', () => {
    const values = { ...newEventValues('2026-11-23T10:00:00', true), name: 'Gym', repeat: 'weekly' as const, until: '2026-12-31' };
    expect(toEventInput(values).recurrence).toBe('FREQ=WEEKLY;UNTIL=20261231');
  });

  it('edits a recurring event as its series, from the first occurrence', () => {
    const occurrence = item({
      start: '2026-11-30T08:00:00Z',
      end: '2026-11-30T09:00:00Z',
      seriesStart: '2026-11-23T08:00:00Z',
      seriesEnd: '2026-11-23T09:00:00Z',
      recurrence: 'FREQ=WEEKLY;UNTIL=20261231T215959Z',
    });
    expect(valuesOfItem(occurrence)).toMatchObject({ startDate: '2026-11-23', startTime: '10:00', endTime: '11:00', repeat: 'weekly', until: '2026-12-31', customRule: null });
  });

  it('keeps a rule the dialog cannot express', () => {
    const values = valuesOfItem(item({ recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE', seriesStart: '2026-11-23T08:00:00Z', seriesEnd: '2026-11-23T09:30:00Z' }));
    expect(values.customRule).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
    expect(toEventInput(values).recurrence).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
  });

  it('shows an all-day event with its last day, not the midnight after it', () => {
    const values = valuesOfItem(item({ allDay: true, start: '2026-11-22T22:00:00Z', end: '2026-11-24T22:00:00Z' }));
    expect(values).toMatchObject({ allDay: true, startDate: '2026-11-23', endDate: '2026-11-24' });
    expect(toEventInput(values)).toMatchObject({ start: '2026-11-22T22:00:00.000Z', end: '2026-11-24T22:00:00.000Z' });
  });

  it('asks for a name and an end after the start', () => {
    const values = newEventValues('2026-11-23T10:00:00', true);
    expect(validateEvent(values)).toEqual({ name: 'form.errors.nameRequired' });
    expect(validateEvent({ ...values, name: 'x'.repeat(201) }).name).toBe('form.errors.nameTooLong');
    expect(validateEvent({ ...values, name: 'A', endTime: '09:00' })).toEqual({ end: 'form.errors.endBeforeStart' });
    expect(validateEvent({ ...values, name: 'A', endDate: '2027-11-25' })).toEqual({ end: 'form.errors.tooLong' });
    expect(validateEvent({ ...values, name: 'A', startTime: '' })).toEqual({ start: 'form.errors.startRequired' });
    expect(validateEvent({ ...values, name: 'A', description: 'y'.repeat(2001) })).toEqual({ description: 'form.errors.descriptionTooLong' });
  });

  it('takes an all-day event of one day, and no end of the repeat before its start', () => {
    const values = { ...newEventValues('2026-11-23T00:00:00', false, true), name: 'A', startTime: '', endTime: '' };
    expect(validateEvent(values)).toEqual({});
    expect(validateEvent({ ...values, repeat: 'daily', until: '2026-11-01' })).toEqual({ until: 'form.errors.untilBeforeStart' });
  });

  it('places the server errors on their fields', () => {
    expect(fieldOfServerError('name')).toBe('name');
    expect(fieldOfServerError('recurrence')).toBe('repeat');
    expect(fieldOfServerError('end')).toBe('end');
    expect(fieldOfServerError(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { businessHours, daysOf, rowsOf } from './hours';

describe('working hours', () => {
  it('turns Sunday 7 into FullCalendar day 0 and keeps the times', () => {
    expect(businessHours([{ weekday: 7, start: '10:00', end: '14:00' }, { weekday: 1, start: '09:00', end: '17:00' }])).toEqual([
      { daysOfWeek: [0], startTime: '10:00', endTime: '14:00' },
      { daysOfWeek: [1], startTime: '09:00', endTime: '17:00' },
    ]);
  });

  it('edits a week as seven rows and sends only the working days', () => {
    const rows = rowsOf([{ weekday: 2, start: '08:30', end: '16:00' }]);
    expect(rows).toHaveLength(7);
    expect(rows[1]).toEqual({ weekday: 2, on: true, start: '08:30', end: '16:00' });
    expect(rows[0].on).toBe(false);
    expect(daysOf(rows)).toEqual([{ weekday: 2, start: '08:30', end: '16:00' }]);
  });
});

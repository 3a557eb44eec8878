import { describe, expect, it } from 'vitest';

import { addDays, componentDateToWallClock, fromWallClock, tallinnDate, toWallClock } from './tallinn';

describe('Tallinn wall clock', () => {
  it('reads instants in winter (UTC+2) and summer (UTC+3) time', () => {
    expect(toWallClock('2026-11-23T08:00:00Z')).toBe('2026-11-23T10:00:00');
    expect(toWallClock('2026-07-01T21:30:00Z')).toBe('2026-07-02T00:30:00');
  });

  it('turns a wall clock back into the instant', () => {
    expect(fromWallClock('2026-11-23T10:00:00')).toBe('2026-11-23T08:00:00.000Z');
    expect(fromWallClock('2026-07-02T00:30')).toBe('2026-07-01T21:30:00.000Z');
    expect(fromWallClock('2026-11-23')).toBe('2026-11-22T22:00:00.000Z');
  });

  it('crosses the daylight-saving changes', () => {
    // 29 March 2026: 03:00 becomes 04:00; 25 October 2026: 04:00 becomes 03:00
    expect(fromWallClock('2026-03-29T02:30:00')).toBe('2026-03-29T00:30:00.000Z');
    expect(fromWallClock('2026-03-29T05:00:00')).toBe('2026-03-29T02:00:00.000Z');
    expect(fromWallClock('2026-10-25T12:00:00')).toBe('2026-10-25T10:00:00.000Z');
    for (const wall of ['2026-03-28T23:00:00', '2026-03-29T04:00:00', '2026-10-24T09:15:00', '2026-10-26T00:00:00']) {
      expect(toWallClock(fromWallClock(wall))).toBe(wall);
    }
  });

  it('gives the Tallinn date of an instant', () => {
    expect(tallinnDate('2026-11-22T22:30:00Z')).toBe('2026-11-23');
  });

  it('adds days to a date across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads the component dates as wall clocks', () => {
    expect(componentDateToWallClock(new Date('2026-10-26T00:00:00Z'))).toBe('2026-10-26T00:00:00');
  });
});

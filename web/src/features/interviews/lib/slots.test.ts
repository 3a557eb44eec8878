import { describe, expect, it } from 'vitest';

import { choosableSlots, endOf, needsStartChoice, startOptions } from './slots';

describe('start times inside a slot', () => {
  it('offers every quarter from the earliest to the latest start', () => {
    // a 10:00–12:00 slot (Tallinn, UTC+2) for a 45-minute interview: starts 10:00 to 11:15
    const slot = { earliestStart: '2026-11-23T08:00:00Z', latestStart: '2026-11-23T09:15:00Z' };
    expect(startOptions(slot)).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T08:15:00.000Z',
      '2026-11-23T08:30:00.000Z',
      '2026-11-23T08:45:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:15:00.000Z',
    ]);
  });

  it('starts a slot already under way at the next quarter', () => {
    const slot = { earliestStart: '2026-11-23T08:07:00Z', latestStart: '2026-11-23T08:45:00Z' };
    expect(startOptions(slot)).toEqual(['2026-11-23T08:15:00.000Z', '2026-11-23T08:30:00.000Z', '2026-11-23T08:45:00.000Z']);
  });

  it('offers the earliest start alone when no quarter fits', () => {
    const slot = { earliestStart: '2026-11-23T08:07:00Z', latestStart: '2026-11-23T08:10:00Z' };
    expect(startOptions(slot)).toEqual(['2026-11-23T08:07:00.000Z']);
  });

  it('offers the one start of a slot as long as the interview', () => {
    const slot = { earliestStart: '2026-11-23T08:00:00Z', latestStart: '2026-11-23T08:00:00Z' };
    expect(startOptions(slot)).toEqual(['2026-11-23T08:00:00.000Z']);
    expect(needsStartChoice(slot)).toBe(false);
  });

  it('offers nothing for a slot without room', () => {
    expect(startOptions({ earliestStart: '2026-11-23T09:00:00Z', latestStart: '2026-11-23T08:00:00Z' })).toEqual([]);
  });

  it('takes other steps', () => {
    expect(startOptions({ earliestStart: '2026-11-23T08:00:00Z', latestStart: '2026-11-23T09:00:00Z' }, 30)).toHaveLength(3);
  });

  it('asks for a start only when the slot has room to spare', () => {
    expect(needsStartChoice({ earliestStart: '2026-11-23T08:00:00Z', latestStart: '2026-11-23T08:15:00Z' })).toBe(true);
  });

  it('ends an interview its duration after the start', () => {
    expect(endOf('2026-11-23T08:15:00.000Z', 45)).toBe('2026-11-23T09:00:00.000Z');
  });

  it('keeps only the choosable slots', () => {
    expect(choosableSlots([{ choosable: true, slotId: 'a' }, { choosable: false, slotId: 'b' }])).toEqual([{ choosable: true, slotId: 'a' }]);
  });
});

import { describe, expect, it } from 'vitest';

import { emptyValues, interviewSchema, toBody, valuesOf } from './form';

const t = (key: string) => key;
const now = () => new Date('2030-03-01T08:00:00Z');
const issues = (values: unknown) => {
  const result = interviewSchema(t, now).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};
const base = { ...emptyValues(now()), slots: [{ date: '2030-03-04', from: '10:00', to: '12:00' }] };

describe('the interview form mirrors the server rules', () => {
  it('accepts a future slot at least as long as the interview', () => {
    expect(issues(base)).toEqual([]);
  });

  it('refuses a wrong duration, a wrong period, a short or overlapping slot and a link that is no web address', () => {
    expect(issues({ ...base, durationMinutes: 0 })).toContain('durationMinutes:errors.duration');
    expect(issues({ ...base, durationMinutes: 481 })).toContain('durationMinutes:errors.duration');
    expect(issues({ ...base, slots: [{ date: '2030-03-04', from: '12:00', to: '10:00' }] })).toContain('slots.0.to:errors.period');
    expect(issues({ ...base, slots: [{ date: '2030-02-01', from: '10:00', to: '12:00' }] })).toContain('slots.0.to:errors.period');
    expect(issues({ ...base, durationMinutes: 180 })).toContain('slots.0.to:errors.slotShort');
    expect(issues({ ...base, slots: [...base.slots, { date: '2030-03-04', from: '11:00', to: '13:00' }] })).toContain('slots.1.from:errors.overlap');
    expect(issues({ ...base, slots: [] })).toContain('slots:errors.noSlots');
    expect(issues({ ...base, link: 'meet.example.ee' })).toContain('link:errors.link');
  });

  it('sends Tallinn times as UTC and leaves out empty texts, and reads them back', () => {
    const body = toBody({ ...base, location: '  ', link: 'https://meet.example.ee/x' });
    expect(body.slots).toEqual([{ start: '2030-03-04T08:00:00.000Z', end: '2030-03-04T10:00:00.000Z' }]);
    expect(body.location).toBeUndefined();
    expect(body.notifyApplicant).toBe(true);
    expect(toBody({ ...base, notifyApplicant: false }).notifyApplicant).toBe(false);
    expect(valuesOf({ type: 'ONLINE', durationMinutes: 60, slots: [{ start: '2030-03-04T08:00:00Z', end: '2030-03-04T10:00:00Z' }] }).slots).toEqual(base.slots);
    const stored = { type: 'ONLINE' as const, durationMinutes: 60, slots: [], notifyApplicant: false };
    expect(valuesOf(stored).notifyApplicant).toBe(false);
  });
});

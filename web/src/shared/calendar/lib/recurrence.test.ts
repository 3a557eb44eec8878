import { describe, expect, it } from 'vitest';

import { choiceOf, ruleOf } from './recurrence';

describe('repeat rules', () => {
  it('writes no rule for a one-off event', () => {
    expect(ruleOf({ repeat: 'none', until: '2026-12-31' })).toBeNull();
  });

  it('writes the frequency and an optional end date', () => {
    expect(ruleOf({ repeat: 'daily', until: null })).toBe('FREQ=DAILY');
    expect(ruleOf({ repeat: 'weekly', until: '2026-12-31' })).toBe('FREQ=WEEKLY;UNTIL=20261231');
    expect(ruleOf({ repeat: 'monthly', until: null })).toBe('FREQ=MONTHLY');
    expect(ruleOf({ repeat: 'yearly', until: '2030-01-05' })).toBe('FREQ=YEARLY;UNTIL=20300105');
  });

  it('reads back what it writes', () => {
    for (const choice of [
      { repeat: 'daily', until: null },
      { repeat: 'weekly', until: '2026-12-31' },
      { repeat: 'yearly', until: '2030-01-05' },
    ] as const) {
      expect(choiceOf(ruleOf(choice))).toEqual({ ...choice, custom: false });
    }
  });

  it('reads a stored UNTIL in UTC as its Tallinn day', () => {
    // the server stores "until 13 May" as the end of that day in Tallinn, in UTC
    expect(choiceOf('FREQ=WEEKLY;UNTIL=20260513T205959Z')).toEqual({ repeat: 'weekly', until: '2026-05-13', custom: false });
    expect(choiceOf('RRULE:freq=monthly;until=20261231T215959Z')).toEqual({ repeat: 'monthly', until: '2026-12-31', custom: false });
  });

  it('knows no rule as no repeat', () => {
    expect(choiceOf(null)).toEqual({ repeat: 'none', until: null, custom: false });
    expect(choiceOf('')).toEqual({ repeat: 'none', until: null, custom: false });
  });

  it('marks rules it cannot express as custom', () => {
    expect(choiceOf('FREQ=WEEKLY;BYDAY=MO,WE').custom).toBe(true);
    expect(choiceOf('FREQ=DAILY;COUNT=3').custom).toBe(true);
    expect(choiceOf('FREQ=HOURLY').custom).toBe(true);
  });
});

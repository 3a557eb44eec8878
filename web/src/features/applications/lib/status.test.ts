import { describe, expect, it } from 'vitest';

import { canWithdraw, changeLabel, displayStatus } from './status';

const open = { vacancy: { open: true } };

describe('where an application stands', () => {
  it('is cancelled once withdrawn, whatever else holds', () => {
    expect(displayStatus({ ...open, status: 'EXISTS', withdrawnAt: '2026-11-20T10:00:00Z' })).toBe('cancelled');
    expect(displayStatus({ status: 'ARCHIVED', withdrawnAt: '2026-11-20T10:00:00Z', vacancy: { open: false } })).toBe('cancelled');
  });

  it('is archived when the employer set it aside or the vacancy ended', () => {
    expect(displayStatus({ ...open, status: 'ARCHIVED' })).toBe('archived');
    expect(displayStatus({ ...open, status: 'HIDDEN' })).toBe('archived');
    expect(displayStatus({ status: 'EXISTS', vacancy: { open: false } })).toBe('archived');
  });

  it('is active otherwise, and only then can be withdrawn', () => {
    expect(displayStatus({ ...open, status: 'EXISTS', withdrawnAt: null })).toBe('active');
    expect(canWithdraw({ ...open, status: 'EXISTS' })).toBe(true);
    expect(canWithdraw({ ...open, status: 'ARCHIVED' })).toBe(false);
    expect(canWithdraw({ ...open, status: 'EXISTS', withdrawnAt: '2026-11-20T10:00:00Z' })).toBe(false);
  });

  it('labels the change flag NEW or UPDATED, nothing for NONE', () => {
    expect(changeLabel('NEW')).toBe('NEW');
    expect(changeLabel('UPDATED')).toBe('UPDATED');
    expect(changeLabel('NONE')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';

import { canAccept, canCancel, STATUS_COLORS, statusColor } from './status';

describe('interview status', () => {
  it('gives each display status a colour of its own', () => {
    const colours = Object.values(STATUS_COLORS);
    expect(colours).toHaveLength(7);
    expect(new Set(colours).size).toBe(7);
    expect(statusColor('canceled')).toBe('red');
    expect(statusColor('accepted')).toBe('green');
    expect(statusColor('invited')).toBe('blue');
  });

  it('lets only an open invitation be accepted', () => {
    expect(canAccept({ status: 'INVITED', displayStatus: 'invited' })).toBe(true);
    expect(canAccept({ status: 'INVITED', displayStatus: 'inviteExpired' })).toBe(false);
    expect(canAccept({ status: 'ACCEPTED', displayStatus: 'accepted' })).toBe(false);
  });

  it('lets an invitation be declined and an accepted interview be canceled until it starts', () => {
    expect(canCancel({ status: 'INVITED', displayStatus: 'invited' })).toBe(true);
    expect(canCancel({ status: 'INVITED', displayStatus: 'inviteExpired' })).toBe(true);
    expect(canCancel({ status: 'ACCEPTED', displayStatus: 'accepted' })).toBe(true);
    expect(canCancel({ status: 'ACCEPTED', displayStatus: 'acceptedNow' })).toBe(false);
    expect(canCancel({ status: 'CANCELED', displayStatus: 'canceled' })).toBe(false);
    expect(canCancel({ status: 'COMPLETED', displayStatus: 'completed' })).toBe(false);
  });
});

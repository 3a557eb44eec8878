import { describe, expect, it } from 'vitest';

import { messageTime } from './format';

describe('a message time', () => {
  it('is the Tallinn time alone on the same day and with the date before', () => {
    const now = new Date('2030-03-04T12:00:00Z');
    expect(messageTime('2030-03-04T08:05:00Z', 'et', now)).toBe('10:05');
    expect(messageTime('2030-03-01T08:05:00Z', 'et', now)).toMatch(/01\.03\.2030.*10:05/);
  });
});

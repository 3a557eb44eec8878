import { describe, expect, it } from 'vitest';

import { isValidPhone, phoneFieldValue, phoneToStore } from './phone';

describe('phone rules', () => {
  it('shows +372 in an empty field', () => {
    expect(phoneFieldValue(null)).toBe('+372');
    expect(phoneFieldValue('')).toBe('+372');
    expect(phoneFieldValue('+37251234567')).toBe('+37251234567');
  });

  it('stores the bare prefix as no phone and drops spaces', () => {
    expect(phoneToStore('+372')).toBe('');
    expect(phoneToStore(' +372 ')).toBe('');
    expect(phoneToStore('+372 5123 4567')).toBe('+37251234567');
  });

  it('needs the country code', () => {
    expect(isValidPhone('+37251234567')).toBe(true);
    expect(isValidPhone('+358 40 123 4567')).toBe(true);
    expect(isValidPhone('51234567')).toBe(false);
    expect(isValidPhone('+372')).toBe(false);
    expect(isValidPhone('+372abc1234')).toBe(false);
  });
});

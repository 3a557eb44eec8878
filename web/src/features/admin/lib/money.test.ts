import { describe, expect, it } from 'vitest';

import { centsOf, eurosOf, fractionOf, percentOf } from './money';

describe('typed amounts', () => {
  it('turns euros into whole cents and back', () => {
    expect(centsOf(29)).toBe(2900);
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf(19.99)).toBe(1999);
    expect(eurosOf(1999)).toBe(19.99);
  });

  it('turns a percentage into a fraction of four decimals and back', () => {
    expect(fractionOf(12.5)).toBe(0.125);
    expect(fractionOf(33.33)).toBe(0.3333);
    expect(percentOf(0.125)).toBe(12.5);
    expect(percentOf(1)).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';

import { pageSlots } from './pagination';

const show = (current: number, total: number, slots: number) =>
  pageSlots(current, total, slots)
    .map((slot) => (slot.kind === 'gap' ? '…' : String(slot.page + 1)))
    .join(' ');

describe('pagination slots', () => {
  it('shows 5 numbers around the page from 1024 px', () => {
    expect(show(0, 20, 5)).toBe('1 2 3 4 5 … 20');
    expect(show(9, 20, 5)).toBe('1 … 8 9 10 11 12 … 20');
    expect(show(19, 20, 5)).toBe('1 … 16 17 18 19 20');
    expect(show(2, 4, 5)).toBe('1 2 3 4');
  });

  it('shows 3 numbers below 1024 px', () => {
    expect(show(0, 20, 3)).toBe('1 2 3 … 20');
    expect(show(9, 20, 3)).toBe('1 … 9 10 11 … 20');
    expect(show(3, 5, 3)).toBe('1 … 3 4 5');
    expect(show(2, 5, 3)).toBe('1 2 3 4 5');
    expect(show(0, 0, 3)).toBe('');
  });
});

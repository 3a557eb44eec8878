import { describe, expect, it } from 'vitest';

import type { ProductOffer } from '../api/types';
import { estimate, lineNetCents } from './estimate';

const day: ProductOffer = {
  code: 'CV_BASE_DAY',
  label: 'CV database, 1 day',
  description: '',
  group: 'CV_BASE_DAY',
  unit: 'DAY',
  listPriceCents: 2900,
  priceCents: 2900,
  discount: 0,
  vatRateBp: 2400,
};

describe('order estimate', () => {
  it('counts days at the unit price with 24 % VAT', () => {
    expect(estimate([{ offer: day, quantity: 3 }])).toEqual({ subtotalCents: 8700, vatCents: 2088, totalCents: 10788 });
  });

  it('rounds a discounted line once, not per unit (3 × 29 € at 12.5 % off is 76.13 €)', () => {
    const discounted = { ...day, discount: 0.125, priceCents: 2538 };
    expect(lineNetCents(discounted, 3)).toBe(7613);
    expect(estimate([{ offer: discounted, quantity: 3 }])).toEqual({ subtotalCents: 7613, vatCents: 1827, totalCents: 9440 });
  });

  it('counts with the discounted unit price when the company has a price of its own', () => {
    const own = { ...day, discount: 0.1, priceCents: 1800 };
    expect(lineNetCents(own, 2)).toBe(3600);
  });

  it('rounds VAT per line and adds the lines', () => {
    const pro = { ...day, code: 'PRO_1', group: 'PRO' as const, unit: 'ITEM' as const, listPriceCents: 499, priceCents: 499 };
    // 4.99 € → 1.1976 € VAT → 1.20 €, twice
    expect(estimate([{ offer: pro, quantity: 1 }, { offer: pro, quantity: 1 }])).toEqual({ subtotalCents: 998, vatCents: 240, totalCents: 1238 });
  });
});

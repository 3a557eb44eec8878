import { describe, expect, it } from 'vitest';

import type { VacancyProductOffer } from '../api/types';
import { cvBaseAllowed, groupOffers, initialChoice, NO_CHOICE, productCodes, settleChoice } from './products';

const offer = (code: string, group: VacancyProductOffer['group'], extra: Partial<VacancyProductOffer> = {}): VacancyProductOffer => ({
  code,
  label: code,
  description: '',
  group,
  listPriceCents: 2900,
  priceCents: 2900,
  discount: 0,
  vatRateBp: 2400,
  proLevel: null,
  promoDays: null,
  cvBaseDays: null,
  durationDays: 30,
  unit: 'ITEM',
  ...extra,
});

const offers = groupOffers([
  offer('PRO_5', 'PRO', { proLevel: 5 }),
  offer('APEX', 'PACKAGE', { proLevel: 5, cvBaseDays: 30 }),
  offer('VACANCY', 'VACANCY'),
  offer('BASIC', 'PACKAGE', { proLevel: 1, cvBaseDays: 7 }),
  offer('PRO_1', 'PRO', { proLevel: 1 }),
  offer('PRO_3', 'PRO', { proLevel: 3 }),
  offer('BRANDING', 'BRANDING'),
  offer('CV_BASE_7', 'CV_BASE', { cvBaseDays: 7 }),
]);

describe('the publish step’s products', () => {
  it('are grouped, packages and PRO levels in order', () => {
    expect(offers.vacancies.map((o) => o.code)).toEqual(['VACANCY']);
    expect(offers.packages.map((o) => o.code)).toEqual(['BASIC', 'APEX']);
    expect(offers.pro.map((o) => o.code)).toEqual(['PRO_1', 'PRO_3', 'PRO_5']);
    expect(offers.branding?.code).toBe('BRANDING');
    expect(offers.cvBase?.code).toBe('CV_BASE_7');
  });

  it('start with the plain vacancy', () => {
    expect(initialChoice(offers)).toEqual({ ...NO_CHOICE, baseCode: 'VACANCY' });
  });

  it('order nothing without a vacancy or a package', () => {
    expect(productCodes({ baseCode: null, proCode: 'PRO_3', branding: true, cvBase: false }, offers)).toEqual([]);
  });

  it('order the vacancy with a PRO level, branding and the discounted CV database', () => {
    expect(productCodes({ baseCode: 'VACANCY', proCode: 'PRO_3', branding: true, cvBase: true }, offers)).toEqual(['VACANCY', 'PRO_3', 'BRANDING', 'CV_BASE_7']);
  });

  it('drop a PRO level a package already brings, and keep a higher one', () => {
    expect(productCodes({ baseCode: 'BASIC', proCode: 'PRO_1', branding: false, cvBase: false }, offers)).toEqual(['BASIC']);
    expect(productCodes({ baseCode: 'BASIC', proCode: 'PRO_3', branding: false, cvBase: false }, offers)).toEqual(['BASIC', 'PRO_3']);
    expect(settleChoice({ baseCode: 'APEX', proCode: 'PRO_5', branding: true, cvBase: false }, offers)).toEqual({ baseCode: 'APEX', proCode: null, branding: true, cvBase: false });
  });

  it('offer the discounted CV database only without a package that has CV database days', () => {
    expect(cvBaseAllowed({ ...NO_CHOICE, baseCode: 'VACANCY' }, offers)).toBe(true);
    expect(cvBaseAllowed({ ...NO_CHOICE, baseCode: 'BASIC' }, offers)).toBe(false);
    expect(productCodes({ baseCode: 'BASIC', proCode: null, branding: false, cvBase: true }, offers)).toEqual(['BASIC']);
  });

  it('forget a code the offers no longer have', () => {
    expect(settleChoice({ baseCode: 'GONE', proCode: 'PRO_9', branding: false, cvBase: false }, offers)).toEqual(NO_CHOICE);
  });
});

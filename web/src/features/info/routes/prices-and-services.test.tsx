import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Prices } from './prices-and-services';

const routes = [{ path: 'prices-and-services', element: <Prices /> }];

const entry = {
  code: 'VACANCY',
  label: 'Vacancy up to 30 days',
  description: 'Publishing a vacancy for up to 30 days.',
  priceCents: 2900,
  vatRateBp: 2400,
  serviceType: 'VACANCY',
  unit: 'ITEM',
  durationDays: 30,
  proLevel: null,
  cvBaseDays: null,
  promoDays: null,
  validFrom: '2023-12-01',
  available: true,
};
const perDay = { ...entry, code: 'CV_BASE_DAY', label: 'CV database access (1 day)', unit: 'DAY', description: '' };
const registration = { ...entry, code: 'REGISTRATION', label: 'Registration', priceCents: 0, description: '' };
const promo = { ...entry, code: 'ADDITIONAL_PROMO', label: 'Additional promotion', description: 'Extra promotion of a vacancy.', priceCents: 0, available: false };

const row = (label: string) => screen.getByText(label).closest('tr')!;

describe('the public price list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the additional promotion without an amount until it is priced', async () => {
    fakeApi({ 'GET /api/open/products': { body: [entry, perDay, promo, registration] } });
    await renderRoutes('/en/prices-and-services', routes);

    await screen.findByText('Vacancy up to 30 days');
    expect(within(row('Vacancy up to 30 days')).getByText('€29')).toBeInTheDocument();
    expect(within(row('CV database access (1 day)')).getByText('€29 / day')).toBeInTheDocument();
    expect(within(row('Registration')).getByText('Free')).toBeInTheDocument();
    expect(within(row('Additional promotion')).getByText('Price on request')).toBeInTheDocument();
    expect(within(row('Additional promotion')).queryByText('Free')).not.toBeInTheDocument();
  });

  it('shows the additional promotion’s amount once an administrator has priced it', async () => {
    fakeApi({ 'GET /api/open/products': { body: [entry, { ...promo, priceCents: 1550, available: true }] } });
    await renderRoutes('/en/prices-and-services', routes);

    await screen.findByText('Additional promotion');
    expect(within(row('Additional promotion')).getByText('€15.50')).toBeInTheDocument();
    expect(screen.queryByText('Price on request')).not.toBeInTheDocument();
  });
});

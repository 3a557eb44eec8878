import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { PremiumServices } from '../api/get-premium-services';
import { products, services } from '../test-data';
import { Component, loader } from './premium-services';

const routes = [{ path: 'employer/account/premium-services', element: <Component /> }];

const page: PremiumServices = {
  products: products
    .filter((offer) => offer.group !== 'VACANCY')
    .map((offer) => (offer.code === 'CV_BASE_DAY' ? { ...offer, listPriceCents: 2900, priceCents: 2538, discount: 0.125 } : offer)),
  running: [services[0]],
  cvAccess: { active: true, endsAt: '2026-12-24T10:00:00Z' },
  maxCvDays: 365,
  vacancies: [{ id: 'v-cook', title: 'Cook', proLevel: 0, branded: false, promotedUntil: null }],
};

describe('premium services', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what runs until when and the company’s own prices with its discount', async () => {
    fakeApi({ 'GET /api/employer/premium-services': { body: page } });
    await loader();
    await renderRoutes('/en/employer/account/premium-services', routes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Premium services' })).toBeInTheDocument();
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(within(running).getByText('Vacancy 30 days · Cook')).toBeInTheDocument();
    expect(within(running).getByText(/until 02\.12\.2026/)).toBeInTheDocument();
    expect(screen.getByText('Your CV-database access runs until 24.12.2026.')).toBeInTheDocument();

    const day = screen.getByRole('row', { name: /CV database, 1 day/ });
    expect(within(day).getByText('12.5 %')).toBeInTheDocument();
    expect(within(day).getByText(/25[.,]38.*a day/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['PRO levels', 'Packages', 'Branding', 'Additional promotion', 'CV database']);
  });

  it('opens the extras dialog for the vacancy chosen', async () => {
    fakeApi({ 'GET /api/employer/premium-services': { body: page }, 'GET /api/employer/products': { body: products } });
    await loader();
    await renderRoutes('/en/employer/account/premium-services', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Order extras for the vacancy' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says what extras need when the company has no vacancy for them', async () => {
    fakeApi({ 'GET /api/employer/premium-services': { body: { ...page, vacancies: [], running: [] } } });
    await loader();
    await renderRoutes('/en/employer/account/premium-services', routes);
    expect(await screen.findByText('Nothing is running at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order extras for the vacancy' })).not.toBeInTheDocument();
  });
});

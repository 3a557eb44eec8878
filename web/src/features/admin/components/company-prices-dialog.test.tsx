import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { loader } from '../routes/prices';
import { CompanyPricesDialog } from './company-prices-dialog';

const company = { countryCode: 'EE', registryCode: '12345678', businessName: 'Põhja Köök OÜ' };
const routes = [{ path: 'admin/companies', element: <CompanyPricesDialog company={company} onClose={() => {}} /> }];
const own = { code: 'VACANCY', label: 'Vacancy up to 30 days', isActive: true, listPriceCents: 2900, priceCents: 2000, discount: 0.25, netPriceCents: 1500, custom: true };
const filled = { code: 'BRANDING', label: 'Branding (30 days)', isActive: true, listPriceCents: 2900, priceCents: null, discount: 0, netPriceCents: 2900, custom: false };

describe('a company’s prices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for every product, those without the company’s own terms filled in at the list price', async () => {
    const calls = fakeApi({ 'GET /api/admin/company/EE/12345678/product': { body: [own, filled] } });
    await loader();
    await renderRoutes('/en/admin/companies', routes);

    expect(await screen.findByText('Branding (30 days)')).toBeInTheDocument();
    expect(screen.getByText('Vacancy up to 30 days')).toBeInTheDocument();
    expect(new URL(calls[0].url).searchParams.get('fillEmptyProducts')).toBe('true');
  });
});

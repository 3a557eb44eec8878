import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { loadBillingTexts } from '../texts';
import { ContractNote } from './contract-note';

const routes = [{ path: 'employer/account/premium-services', element: <ContractNote /> }];

describe('the contract note', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says that orders start before payment for a company with a contract', async () => {
    fakeApi({ 'GET /api/employer/company/contract': { body: { hasContract: true } } });
    await loadBillingTexts();
    await renderRoutes('/en/employer/account/premium-services', routes);
    const note = await screen.findByRole('region', { name: 'Contract' });
    expect(note).toHaveTextContent('Your company has a contract with Vakants');
    expect(note).toHaveTextContent('start at once, before their invoices are paid');
  });

  it('says that an order waits for its payment without one', async () => {
    fakeApi({ 'GET /api/employer/company/contract': { body: { hasContract: false } } });
    await loadBillingTexts();
    await renderRoutes('/en/employer/account/premium-services', routes);
    const note = await screen.findByRole('region', { name: 'Contract' });
    expect(note).toHaveTextContent('Your company has no contract with Vakants');
    expect(note).toHaveTextContent('starts when its invoice is paid');
  });
});

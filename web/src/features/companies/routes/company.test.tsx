import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Company } from './company';

const routes = [{ path: 'companies/:countryCode/:registryCode', element: <Company /> }];

describe('the company page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the company is not found on a 404', async () => {
    fakeApi({ 'GET /api/open/companies/EE/12345678': { status: 404, body: { message: 'Not found', code: 'not_found' } } });
    await renderRoutes('/en/companies/EE/12345678', routes);
    expect(await screen.findByText('The company was not found.')).toBeInTheDocument();
  });

  it('says that loading failed, not that the company is missing, on any other failure', async () => {
    fakeApi({ 'GET /api/open/companies/EE/12345678': { status: 500, body: { message: 'Unknown error' } } });
    await renderRoutes('/et/companies/EE/12345678', routes, 'et');
    expect(await screen.findByText('Ettevõtte laadimine ebaõnnestus: Tundmatu viga')).toBeInTheDocument();
    expect(screen.queryByText('Ettevõtet ei leitud.')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';
import { vacancyCard } from '@/test/vacancy-card';

import { Component as Vacancy } from './vacancy';

const detail = {
  vacancyId: 'v-1',
  active: true,
  address: 'Harju maakond, Tallinn',
  applyLink: null,
  byAgreement: true,
  canApply: true,
  categories: [{ code: 'CATERING', label: 'Catering' }],
  company: { businessName: 'Eesti Toit OÜ', countryCode: 'EE', registryCode: '10746918' },
  content: [{ languageCode: 'en', content: '' }],
  cvNotRequired: false,
  driverLicences: [],
  languageSkills: [],
  forDisabled: false,
  forForeigners: false,
  forRetired: false,
  forStudents: false,
  forUnderage: false,
  isBranded: false,
  occupation: { labels: { et: 'Kokk', en: 'Cook', ru: 'Повар' } },
  premiumStatus: 0,
  remoteWork: false,
  shiftWork: false,
  teasers: [],
  viewsCount: 3,
};

const routes = [{ path: 'vacancies/:vacancyId', element: <Vacancy /> }];

function server(similar: { status?: number; body?: unknown }) {
  return fakeApi({
    'PATCH /api/open/metrics/vacancy': { status: 204 },
    'GET /api/open/vacancies/v-1': { body: detail },
    'GET /api/open/vacancies/v-1/similar': similar,
    'GET /api/open/me': { body: null },
  });
}

describe('a vacancy page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ends with the similar vacancies as cards', async () => {
    server({ body: { items: [vacancyCard('v-2', 'Chef'), vacancyCard('v-3', 'Kitchen assistant', 'Kohvik OÜ')] } });
    await renderRoutes('/en/vacancies/v-1', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cook' })).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Similar vacancies' });
    const chef = within(section).getByRole('article', { name: 'Chef' });
    expect(within(chef).getByRole('link', { name: 'Chef' })).toHaveAttribute('href', '/en/vacancies/v-2');
    expect(within(section).getByRole('article', { name: 'Kitchen assistant' })).toHaveTextContent('Kohvik OÜ');
  });

  it('leaves the section out when nothing is similar, or the call fails', async () => {
    const calls = server({ body: { items: [] } });
    const first = await renderRoutes('/en/vacancies/v-1', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cook' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/similar'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Similar vacancies' })).not.toBeInTheDocument();
    first.unmount();

    const again = server({ status: 404, body: { message: 'Not found', code: 'not_found' } });
    await renderRoutes('/en/vacancies/v-1', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cook' })).toBeInTheDocument();
    await waitFor(() => expect(again.some((call) => call.url.endsWith('/similar'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Similar vacancies' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

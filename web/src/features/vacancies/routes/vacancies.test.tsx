import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Vacancies } from './vacancies';

const card = (id: string, title: string) => ({
  vacancyId: id,
  occupation: { labels: { et: title, en: title, ru: title } },
  businessName: 'Eesti Toit OÜ',
  company: { countryCode: 'EE', registryCode: '10746918' },
  address: 'Harju maakond, Tallinn',
  companyLogo: null,
  salaryFrom: 1200,
  salaryTo: 1700.5,
  salaryPeriod: { periodType: 'MONTH', label: 'per month' },
  byAgreement: false,
  premiumStatus: 2,
  new: true,
  cvNotRequired: true,
  isFavorite: false,
  isBranded: false,
  publishDate: '2026-11-01T10:00:00Z',
  validUntil: '2026-11-30T10:00:00Z',
  teasers: [{ languageCode: 'en', content: 'We are hiring' }],
  forStudents: false,
  forUnderage: false,
  forDisabled: false,
  forRetired: false,
  forForeigners: true,
  remoteWork: false,
  shiftWork: false,
});

const page = {
  content: [card('v1', 'Process operator'), card('v2', 'Cook')],
  totalPages: 3,
  totalElements: 42,
  page: 0,
  size: 20,
  facets: { categoryCode: { IT: 5 }, cityCode: { '0784': 42 }, shiftWork: 7 },
  salaryStats: [],
  tookMs: 2,
};

describe('vacancy search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the whole search from one call with the URL filters and names the city', async () => {
    const calls = fakeApi({
      'POST /api/open/search': { body: page },
      'GET /api/open/addresses/EE/cities': { body: [{ address: 'Tallinn', code: '0784', countryCode: 'EE' }] },
      'GET /api/open/me': { body: null },
    });
    await renderRoutes('/en/vacancies?cityCode=0784&shiftWork=true&page=1', [{ path: 'vacancies', element: <Vacancies /> }]);

    const article = await screen.findByRole('article', { name: 'Process operator' });
    expect(screen.getByText('Vacancies found: 42')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Vacancies in Tallinn' })).toBeInTheDocument();
    expect(within(article).getByText('€1,200 – €1,700.50 per month')).toBeInTheDocument();
    expect(within(article).getByText('Valid until 30.11.2026')).toBeInTheDocument();
    expect(within(article).getByText('Fast apply')).toBeInTheDocument();
    expect(within(article).getByText('Tallinn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to favourites' })).not.toBeInTheDocument();

    const searches = calls.filter((call) => call.method === 'POST');
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0].url).searchParams.get('page')).toBe('1');
    expect(await searches[0].json()).toEqual({ cityCode: ['0784'], shiftWork: true });
  });
});

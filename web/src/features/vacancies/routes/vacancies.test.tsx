import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('shows the salaries of the search per pay period from the same answer', async () => {
    const salaryStats = [
      {
        period: { periodType: 'MONTH', label: 'per month' },
        count: 40,
        min: 1000,
        max: 4000,
        avg: 2100,
        p25: 1600,
        median: 2000,
        p75: 2500,
        histogram: [{ from: 1000, to: 2000, count: 15 }, { from: 2000, to: 4000, count: 25 }],
      },
      { period: { periodType: 'HOUR', label: 'per hour' }, count: 2, min: 9, max: 12, avg: 10.5, p25: 10, median: 10.5, p75: 11, histogram: [{ from: 9, to: 12, count: 2 }] },
    ];
    const calls = fakeApi({
      'POST /api/open/search': { body: { ...page, salaryStats } },
      'GET /api/open/me': { body: null },
    });
    await renderRoutes('/en/vacancies?salaryFrom=1000', [{ path: 'vacancies', element: <Vacancies /> }]);
    const panel = await screen.findByRole('region', { name: 'Salaries in this search' });
    expect(within(panel).getByRole('region', { name: 'Monthly pay' })).toHaveTextContent('Median €2,000 · middle half €1,600 – €2,500');
    expect(within(panel).getByRole('region', { name: 'Hourly pay' })).toHaveTextContent('Median €10.50 · middle half €10 – €11');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('below 1024 px searches for the chosen city with the Search button only, not when the select changes', async () => {
    const calls = fakeApi({
      'POST /api/open/search': { body: page },
      'GET /api/open/addresses/EE/cities': { body: [{ address: 'Tallinn', code: '0784', countryCode: 'EE' }] },
      'GET /api/open/me': { body: null },
    });
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/vacancies', [{ path: 'vacancies', element: <Vacancies /> }]);
    await screen.findByRole('article', { name: 'Process operator' });
    const searches = () => calls.filter((call) => call.method === 'POST');
    expect(searches()).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'City' }));
    await user.click(await screen.findByRole('option', { name: /^Tallinn/ }));
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Tallinn (42)');
    expect(router.state.location.search).toBe('');
    expect(searches()).toHaveLength(1);

    const bar = screen.getByRole('button', { name: 'Filters' }).parentElement!;
    await user.click(within(bar).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cityCode=0784'));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(await searches()[1]!.json()).toEqual({ cityCode: ['0784'] });
  });
});

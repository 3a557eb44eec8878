import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Vacancy } from './vacancy';

const detail = {
  vacancyId: 'v1',
  active: true,
  canApply: true,
  applyLink: null,
  address: 'Harju maakond, Tallinn',
  byAgreement: false,
  categories: [],
  company: { businessName: 'Põhja Köök OÜ', countryCode: 'EE', registryCode: '12345678' },
  content: [{ languageCode: 'en', content: 'We cook.' }],
  cvNotRequired: false,
  driverLicences: [],
  forDisabled: false,
  forForeigners: false,
  forRetired: false,
  forStudents: false,
  forUnderage: false,
  isBranded: false,
  languageSkills: [],
  occupation: { code: '5120', labels: { et: 'Kokk', en: 'Cook', ru: 'Повар' } },
  premiumStatus: 0,
  publishDate: '2026-11-01T10:00:00Z',
  remoteWork: false,
  shiftWork: false,
  teasers: [],
  validUntil: '2099-12-01T10:00:00Z',
  viewsCount: 3,
};

const account = (role: string) => ({ username: 'a@b.ee', roles: ['USER', role], profile: {}, company: null });

async function renderVacancy(me: unknown, vacancy: { status?: number; body: unknown } = { body: detail }) {
  fakeApi({
    'GET /api/open/me': { body: me },
    'PATCH /api/open/metrics/vacancy': { status: 204 },
    'GET /api/open/vacancies/v1': vacancy,
  });
  return renderRoutes('/en/vacancies/v1', [{ path: 'vacancies/:vacancyId', element: <Vacancy /> }]);
}

describe('the vacancy page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers applying to a visitor', async () => {
    await renderVacancy(null);
    expect(await screen.findByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/en/account/vacancies/v1/apply');
  });

  it('offers applying to an applicant', async () => {
    await renderVacancy(account('APPLICANT'));
    expect(await screen.findByRole('link', { name: 'Apply' })).toBeInTheDocument();
  });

  it('has no apply block for an employer or an administrator', async () => {
    for (const role of ['EMPLOYER', 'ADMIN']) {
      const view = await renderVacancy(account(role));
      expect(await screen.findByRole('heading', { level: 1, name: 'Cook' })).toBeInTheDocument();
      // the session is known once the page has asked for it
      await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('says the vacancy is not found on a 404 and that loading failed on any other failure', async () => {
    const missing = await renderVacancy(null, { status: 404, body: { message: 'Not found', code: 'not_found' } });
    expect(await screen.findByText('The vacancy was not found.')).toBeInTheDocument();
    missing.unmount();
    vi.unstubAllGlobals();

    await renderVacancy(null, { status: 503, body: { message: 'Service Unavailable' } });
    expect(await screen.findByRole('heading', { name: 'An error has occurred' })).toBeInTheDocument();
    expect(screen.getByText('The vacancy could not be loaded: Service Unavailable')).toBeInTheDocument();
    expect(screen.queryByText('The vacancy was not found.')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as CvBase, loader } from './cv-base';

const routes = [
  { path: 'employer/account/cv-base', element: <CvBase /> },
  { path: 'employer/account/cv-base/saved', element: <CvBase /> },
  { path: 'employer/account/messages', element: <p>the messages page</p> },
];
const me = { username: 'boss@example.ee', roles: ['USER', 'EMPLOYER'], profile: {}, company: { businessName: 'Kohvik OÜ', countryCode: 'EE', registryCode: '12345678' } };
const reference = {
  'GET /api/open/me': { body: me },
  'GET /api/open/categories': { body: [{ categoryCode: 'IT', label: 'Information technology' }, { categoryCode: 'SALES', label: 'Sales' }] },
  'GET /api/open/addresses/EE/cities': { body: [{ code: '0784', address: 'Tallinn' }] },
};
const summary = (access: boolean) => ({ body: { access, total: 12, categoryCode: { IT: 7, SALES: 5 }, cityCode: { '0784': 12 } } });
const page = {
  content: [
    {
      cvId: 'cv-1',
      title: 'Crane operator',
      firstname: 'Mari',
      lastname: 'Maasikas',
      categoryCodes: ['IT'],
      cityCodes: ['0784'],
      languageCodes: [],
      educationLevels: [],
      workExperience: null,
      driverLicences: [],
      typeOfEmployment: [],
      updatedAt: '2026-11-20T10:00:00Z',
      snippet: 'Certified <mark>kraanajuht</mark> &lt;12 years&gt;',
    },
  ],
  totalPages: 1,
  totalElements: 1,
  page: 0,
  size: 20,
  facets: { categoryCode: { IT: 1 }, cityCode: {}, languageCode: {}, educationLevel: {}, workExperience: {}, driverLicence: {}, typeOfEmployment: {} },
  tookMs: 1,
};

describe('the CV database', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a criterion and searches nothing until one is given', async () => {
    const calls = fakeApi({ ...reference, 'GET /api/employer/cv-base/summary': summary(true), 'POST /api/employer/search-cv': { body: page } });
    await renderRoutes('/en/employer/account/cv-base', routes);
    expect(await screen.findByText('Please select at least one search criteria')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('search-cv'))).toBe(false);
  });

  it('searches by the words in the URL, marks the match in the snippet and keeps the search in the URL', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      ...reference,
      'GET /api/employer/cv-base/summary': summary(true),
      'POST /api/employer/search-cv': (request) => {
        void request.clone().json().then((body) => bodies.push(body));
        return { body: page };
      },
    });
    const { router } = await renderRoutes('/en/employer/account/cv-base?search=kraanajuht&categoryCode=IT', routes);
    const card = await screen.findByRole('article', { name: 'Crane operator, Mari Maasikas' });
    expect(within(card).getByText('kraanajuht').tagName).toBe('MARK');
    expect(within(card).getByText('<12 years>', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('1 CV found')).toBeInTheDocument();
    await waitFor(() => expect(bodies[0]).toEqual({ search: 'kraanajuht', categoryCode: ['IT'] }));

    const user = userEvent.setup();
    const text = screen.getByLabelText('Words in the CV');
    await user.clear(text);
    await user.type(text, 'keevitaja{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=keevitaja&categoryCode=IT'));
  });

  it('without access shows only counts and offers to buy access', async () => {
    const calls = fakeApi({ ...reference, 'GET /api/employer/cv-base/summary': summary(false), 'GET /api/employer/products/cv-base': { status: 500 } });
    await renderRoutes('/en/employer/account/cv-base', routes);
    expect(await screen.findByText('12 CVs in the database')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: 'Information technology 7' });
    expect(row).toBeInTheDocument();
    expect(screen.queryByLabelText('Words in the CV')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy access to the CV database' }));
    expect(await screen.findByRole('dialog', { name: 'Buy CV-database access' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('search-cv'))).toBe(false);
  });

  it('saves a CV from the results and lists it on the saved tab, where it is removed', async () => {
    let saved: { cvId: string; title: string; firstname: string; lastname: string; savedAt: string; updatedAt: string }[] = [];
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/cv-base/summary': summary(true),
      'POST /api/employer/search-cv': { body: page },
      'GET /api/employer/favourites-cv': () => ({ body: saved }),
      'POST /api/employer/favourites-cv/cv-1': () => {
        saved = [{ cvId: 'cv-1', title: 'Crane operator', firstname: 'Mari', lastname: 'Maasikas', savedAt: '2026-11-24T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z' }];
        return { status: 204 };
      },
      'DELETE /api/employer/favourites-cv': () => {
        saved = [];
        return { status: 204 };
      },
    });
    const { router } = await renderRoutes('/en/employer/account/cv-base?search=kraanajuht', routes);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Crane operator, Mari Maasikas' });
    await user.click(within(card).getByRole('button', { name: 'Save CV' }));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Saved CVs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/employer/account/cv-base/saved'));
    const kept = await screen.findByRole('article', { name: 'Crane operator, Mari Maasikas' });
    await user.click(within(kept).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No saved CVs yet. Save CVs from the search.')).toBeInTheDocument();
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(new URL(removal!.url).searchParams.get('cvId')).toBe('cv-1');
  });

  it('starts a chat with the owner of a CV from the results and opens it; a refusal says why', async () => {
    let refuse = false;
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/cv-base/summary': summary(true),
      'POST /api/employer/search-cv': { body: page },
      'GET /api/employer/favourites-cv': { body: [] },
      'POST /api/employer/chats/cv-1': () =>
        refuse
          ? { status: 403, body: { message: 'Access to the CV database is required', code: 'cv_database_access_required' } }
          : { status: 201, body: { chatId: 'chat-3', created: true } },
    });
    const { router } = await renderRoutes('/en/employer/account/cv-base?search=kraanajuht', routes);
    const user = userEvent.setup();
    refuse = true;
    const card = await screen.findByRole('article', { name: 'Crane operator, Mari Maasikas' });
    await user.click(within(card).getByRole('button', { name: 'Message' }));
    expect(await within(card).findByRole('alert')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/employer/account/cv-base');

    refuse = false;
    await user.click(within(card).getByRole('button', { name: 'Message' }));
    expect(await screen.findByText('the messages page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/en/employer/account/messages?chat=chat-3');
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/chats/')).length).toBe(2);
  });
  it('below the desktop width keeps the filters in a drawer behind a button, the results first, and keeps what they narrow', async () => {
    fakeApi({ ...reference, 'GET /api/employer/cv-base/summary': summary(true), 'POST /api/employer/search-cv': { body: page }, 'GET /api/employer/favourites-cv': { body: [] } });
    const { router } = await renderRoutes('/en/employer/account/cv-base?search=kraanajuht&categoryCode=IT', routes);
    const card = await screen.findByRole('article', { name: 'Crane operator, Mari Maasikas' });
    expect(within(card).getByRole('link', { name: 'Open CV' })).toHaveAttribute('href', '/en/employer/account/cv-base/cv/cv-1');
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByText('Driving licence')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Show the CVs' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?search=kraanajuht&categoryCode=IT');
    expect(screen.getByRole('article', { name: 'Crane operator, Mari Maasikas' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { CvMatch, CvMatches } from '../api/get-cv-matches';
import { Component as Candidates, loader } from './candidates';

Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
window.scrollTo = () => {};

const routes = [{ path: 'employer/account/my-vacancies/:vacancyId/candidates', element: <Candidates /> }];
const PATH = '/en/employer/account/my-vacancies/vac-1/candidates';
const label = (et: string, en: string, ru: string) => ({ et, en, ru });

const reference = {
  'GET /api/open/me': { body: { username: 'boss@example.ee', roles: ['USER', 'EMPLOYER'], profile: {} } },
  'GET /api/open/categories': { body: [{ categoryCode: 'CATERING', label: 'Catering' }] },
  'GET /api/open/addresses/EE/cities': { body: [{ code: '0784', address: 'Tallinn' }] },
  'GET /api/open/languages': { body: [{ languageCode: 'EN', label: 'English' }, { languageCode: 'ET', label: 'Estonian' }] },
  'GET /api/open/work-experiences': { body: [{ workExperienceType: 'ONE_TO_THREE', label: '1–3 years' }] },
  'GET /api/employer/vacancies/vac-1/applications': { body: [] },
};

const cook = (person: CvMatch['person'], alreadyCandidate = false): CvMatch => ({
  cvId: 'cv-1',
  reasons: [
    { kind: 'category', label: label('Toitlustus', 'Catering', 'Общепит') },
    { kind: 'place', label: label('Tallinn', 'Tallinn', 'Таллинн') },
    { kind: 'language', label: label('Inglise keel C1', 'English C1', 'Английский C1') },
  ],
  alreadyCandidate,
  summary: { title: 'Cook', categoryCodes: ['CATERING'], placeCodes: ['0784'], workExperience: 'ONE_TO_THREE', languageCodes: ['EN', 'ET'], updatedAt: '2026-11-20T10:00:00Z' },
  person,
});

describe('candidates from the CV database', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('without access shows the ranked CVs anonymously, with their reasons, and offers to buy access', async () => {
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/vacancies/vac-1/cv-matches': { body: { access: false, total: 1, items: [cook(null)] } satisfies CvMatches },
    });
    await renderRoutes(`${PATH}?tab=cv-database`, routes);
    const card = await screen.findByRole('article', { name: 'Cook' });
    expect(screen.getByRole('tab', { name: 'From the CV database', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 CV in the CV database fits this vacancy');
    expect(within(card).getByText('Catering · Tallinn · English C1')).toBeInTheDocument();
    expect(await within(card).findByText('Experience: 1–3 years · Languages: English, Estonian')).toBeInTheDocument();
    expect(within(card).getByText('Tallinn', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Add to this vacancy' })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Open CV' })).toBeNull();
    const query = new URL(calls.find((call) => call.url.includes('cv-matches'))!.url).searchParams;
    expect([query.get('page'), query.get('size')]).toEqual(['0', '20']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy access to the CV database' }));
    expect(await screen.findByRole('dialog', { name: 'Buy CV-database access' })).toBeInTheDocument();
  });

  it('with access names the person and adds the CV to this vacancy, which makes it a candidate', async () => {
    let added = false;
    const calls = fakeApi({
      ...reference,
      'GET /api/employer/vacancies/vac-1/cv-matches': () => ({ body: { access: true, total: 1, items: [cook({ firstname: 'Mari', lastname: 'Maasikas' }, added)] } }),
      'POST /api/employer/vacancies/vac-1/cvs': () => {
        added = true;
        return { status: 201, body: { applicationId: 'app-9', vacancyId: 'vac-1', vacancyLabel: 'Cook' } };
      },
    });
    await renderRoutes(`${PATH}?tab=cv-database`, routes);
    const card = await screen.findByRole('article', { name: 'Cook, Mari Maasikas' });
    expect(within(card).getByRole('link', { name: 'Open CV' })).toHaveAttribute('href', '/en/employer/account/cv-base/cv/cv-1');
    expect(screen.queryByRole('button', { name: 'Buy access to the CV database' })).toBeNull();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Add to this vacancy' }));
    expect(await within(card).findByText('Already a candidate')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Add to this vacancy' })).toBeNull();
    expect(await calls.find((call) => call.method === 'POST')!.json()).toEqual({ cvId: 'cv-1' });
  });

  it("shows the CV database's refusal on the card", async () => {
    fakeApi({
      ...reference,
      'GET /api/employer/vacancies/vac-1/cv-matches': { body: { access: true, total: 1, items: [cook({ firstname: 'Mari', lastname: 'Maasikas' })] } },
      'POST /api/employer/vacancies/vac-1/cvs': { status: 400, body: { message: 'This user has already been added to Cook', code: 'cv_already_added' } },
    });
    await renderRoutes(`${PATH}?tab=cv-database`, routes);
    const card = await screen.findByRole('article', { name: 'Cook, Mari Maasikas' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Add to this vacancy' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This user has already been added to Cook');
  });

  it('marks a CV whose owner is already a candidate', async () => {
    fakeApi({ ...reference, 'GET /api/employer/vacancies/vac-1/cv-matches': { body: { access: true, total: 1, items: [cook({ firstname: 'Mari', lastname: 'Maasikas' }, true)] } } });
    await renderRoutes(`${PATH}?tab=cv-database`, routes);
    const card = await screen.findByRole('article', { name: 'Cook, Mari Maasikas' });
    expect(within(card).getByText('Already a candidate')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Add to this vacancy' })).toBeNull();
  });

  it('opens the tab from the list, keeping its filters, and pages through the matches', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...cook(null), cvId: `cv-${i}`, summary: { ...cook(null).summary, title: `Cook ${i}` } }));
    const calls = fakeApi({ ...reference, 'GET /api/employer/vacancies/vac-1/cv-matches': { body: { access: false, total: 45, items: many } } });
    const { router } = await renderRoutes(`${PATH}?verdict=NONE`, routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'From the CV database' }));
    await waitFor(() => expect(router.state.location.search).toBe('?verdict=NONE&tab=cv-database'));
    expect(await screen.findByRole('article', { name: 'Cook 0' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?verdict=NONE&tab=cv-database&page=1'));
    await waitFor(() => expect(new URL(calls.filter((call) => call.url.includes('cv-matches')).at(-1)!.url).searchParams.get('page')).toBe('1'));
    await user.click(screen.getByRole('tab', { name: 'Applied' }));
    await waitFor(() => expect(router.state.location.search).toBe('?verdict=NONE'));
  });

  it('sorts the candidate list by best match first', async () => {
    const calls = fakeApi(reference);
    const { router } = await renderRoutes(PATH, routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Best match first' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=match'));
    await waitFor(() => expect(new URL(calls.filter((call) => call.url.includes('/applications')).at(-1)!.url).searchParams.get('sort')).toBe('match'));
    expect(screen.getByRole('combobox', { name: 'Order' })).toBeDisabled();
  });
});

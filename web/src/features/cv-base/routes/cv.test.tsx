import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as CvScreen, loader } from './cv';

const routes = [{ path: 'employer/account/cv-base/cv/:cvId', element: <CvScreen /> }];
const me = { username: 'boss@example.ee', roles: ['USER', 'EMPLOYER'], profile: {}, company: { businessName: 'Kohvik OÜ', countryCode: 'EE', registryCode: '12345678' } };
const cv = {
  cvId: 'cv-1',
  status: 'ACTIVE',
  visibility: 'VISIBLE',
  title: 'Crane operator',
  firstname: 'Mari',
  lastname: 'Maasikas',
  email: 'mari@example.ee',
  phoneNumber: '+372 5123 4567',
  cityCode: '0784',
  categories: ['IT'],
  aboutMe: 'Careful and calm.',
  educations: [],
  employmentHistories: [{ company: 'Port OÜ', occupation: 'Crane operator', startDate: '2015-01-01', present: true }],
  languageSkills: [],
  skills: [{ skill: 'Forklift', level: null }],
  driverLicences: [],
  certificates: [],
  courses: [],
  references: [],
  portfolio: [],
  pdf: { fileId: 'file-9', name: 'mari.pdf', sizeBytes: 1000, textStatus: 'DONE' },
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};
const vacancy = (id: string, occupationLabel: string, type: string) => ({ id, occupationLabel, type, status: 'EXISTS', displayedState: type === 'CV_BASE' ? 'CV_DATABASE' : 'ACTIVE' });
const page = (content: unknown[]) => ({ body: { content, totalPages: 1, totalElements: content.length, page: 0, size: 100, counts: {} } });
const base = {
  'GET /api/open/me': { body: me },
  'GET /api/open/categories': { body: [{ categoryCode: 'IT', label: 'Information technology' }] },
  'GET /api/open/addresses/EE/cities': { body: [{ code: '0784', address: 'Tallinn' }] },
  'GET /api/user/cv/cv-1': { body: cv },
  'GET /api/employer/favourites-cv': { body: [] },
  'PATCH /api/open/metrics/cv': { status: 204 },
  'GET /api/employer/vacancies': (request: Request) =>
    new URL(request.url).searchParams.get('status') === 'active' ? page([vacancy('v-1', 'Crane operator', 'DEFAULT')]) : page([vacancy('v-2', 'Warehouse workers', 'CV_BASE')]),
};

describe('a CV opened from the CV database', () => {
  beforeAll(async () => {
    await loader();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the owner made visible with the contacts and the file, and counts one view', async () => {
    const calls = fakeApi(base);
    await renderRoutes('/en/employer/account/cv-base/cv/cv-1', routes);
    expect(await screen.findByRole('heading', { name: 'Crane operator', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Mari Maasikas')).toBeInTheDocument();
    const contacts = screen.getByRole('region', { name: 'Contact details' });
    expect(within(contacts).getByRole('link', { name: 'mari@example.ee' })).toHaveAttribute('href', 'mailto:mari@example.ee');
    expect(await within(contacts).findByText('Tallinn')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CV file: mari.pdf' })).toHaveAttribute('href', '/api/user/files/file-9');
    expect(screen.getByRole('button', { name: 'Save CV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH').length).toBe(1));
    const view = calls.find((call) => call.method === 'PATCH')!;
    expect(await view.clone().json()).toMatchObject({ cvId: 'cv-1' });
  });

  it('says a CV out of reach is not found and counts nothing', async () => {
    const calls = fakeApi({ ...base, 'GET /api/user/cv/cv-1': { status: 404, body: { message: 'Not found', code: 'not_found' } } });
    await renderRoutes('/en/employer/account/cv-base/cv/cv-1', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent('This CV is not in the CV database');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('adds the CV to a vacancy of the list, and a repeat names the vacancy', async () => {
    let added = false;
    const calls = fakeApi({
      ...base,
      'POST /api/employer/vacancies/v-2/cvs': () => {
        if (added) return { status: 400, body: { message: 'This user has already been added to Warehouse workers', code: 'cv_already_added' } };
        added = true;
        return { status: 201, body: { applicationId: 'a-1', vacancyId: 'v-2', vacancyLabel: 'Warehouse workers' } };
      },
    });
    await renderRoutes('/en/employer/account/cv-base/cv/cv-1', routes);
    const user = userEvent.setup();
    for (const attempt of [1, 2]) {
      await user.click(await screen.findByRole('button', { name: 'Add to vacancy' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add the CV to a vacancy' });
      expect(within(dialog).getByRole('radio', { name: 'Crane operator' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('radio', { name: 'Warehouse workers · CV database' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      if (attempt === 1) await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      else expect(await within(dialog).findByRole('alert')).toHaveTextContent('This user has already been added to Warehouse workers');
    }
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.length).toBe(2);
    expect(await posted[0].clone().json()).toEqual({ cvId: 'cv-1' });
  });

  it('makes a new CV-database vacancy by name and adds the CV to it; the name is required', async () => {
    const calls = fakeApi({
      ...base,
      'POST /api/employer/vacancies/cv-base': { body: { id: 'v-3', type: 'CV_BASE' } },
      'POST /api/employer/vacancies/v-3/cvs': { status: 201, body: { applicationId: 'a-2', vacancyId: 'v-3', vacancyLabel: 'Cooks' } },
    });
    await renderRoutes('/en/employer/account/cv-base/cv/cv-1', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to vacancy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add the CV to a vacancy' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose a vacancy')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'A new CV-database vacancy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter the name of the CV-database vacancy')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name of the CV-database vacancy/ }), 'Cooks');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const made = calls.find((call) => call.url.endsWith('/vacancies/cv-base'))!;
    expect(await made.clone().json()).toEqual({ occupationLabel: 'Cooks' });
    expect(calls.some((call) => call.url.endsWith('/vacancies/v-3/cvs'))).toBe(true);
  });
});

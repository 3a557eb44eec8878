import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Company, loader } from './company';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const routes = [
  { path: 'admin/companies/:countryCode/:registryCode', element: <Company /> },
  { path: 'admin/companies', element: <p>The companies list</p> },
];
const counts = { all: 2, active: 1, drafts: 1, waitingForPayment: 0, hidden: 0, archive: 0, finished: 0, cvDatabase: 0 };
const detail = {
  companyId: 'c-1',
  countryCode: 'EE',
  registryCode: '12345678',
  businessName: 'Põhja Köök OÜ',
  address: 'Tallinn',
  supervisor: 'boss@firma.ee',
  hasContract: false,
  createdAt: '2026-11-02T10:00:00Z',
  staff: [{ userId: 'u-1', email: 'boss@firma.ee', firstname: 'Kalle', lastname: 'Kokk', phoneNumber: '+37251234567', isSupervisor: true }],
  vacancyCounts: counts,
  vacancies: [
    {
      id: 'v-1',
      occupationLabel: 'Kokk',
      type: 'DEFAULT',
      status: 'EXISTS',
      displayedState: 'ACTIVE',
      publishAt: null,
      validUntil: null,
      createdAt: '2026-11-02T10:00:00Z',
      updatedAt: '2026-11-03T10:00:00Z',
      applicationsCount: 4,
      invoice: null,
    },
  ],
  services: [
    {
      id: 's-1',
      productCode: 'VACANCY',
      label: 'Job ad for 30 days',
      type: 'VACANCY',
      status: 'UNPAID',
      quantity: 1,
      startsAt: null,
      endsAt: null,
      vacancyId: 'v-1',
      vacancyTitle: 'Kokk',
      invoiceId: 'i-1',
      invoiceNumber: '2026-0001',
    },
  ],
};
const comment = {
  commentId: 'k-1',
  author: { userId: 'a-1', firstname: 'Anne', lastname: 'Admin', username: 'admin@vakants.ee' },
  body: 'Helistas, soovib lepingut.',
  createdAt: '2026-11-04T10:00:00Z',
};
const audit = {
  content: [
    {
      id: 7,
      createdAt: '2026-11-04T10:00:00Z',
      action: 'company.comment',
      actor: 'admin@vakants.ee',
      targetUser: null,
      targetCompany: { countryCode: 'EE', registryCode: '12345678', businessName: 'Põhja Köök OÜ' },
      details: {},
      ip: null,
    },
  ],
  totalElements: 1,
  totalPages: 1,
  page: 0,
  size: 20,
};

describe('the administrators\u2019 company screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the staff, vacancies, services, comments and the company\u2019s own audit entries', async () => {
    const calls = fakeApi({
      'GET /api/admin/company/EE/12345678': { body: detail },
      'GET /api/admin/company/EE/12345678/comments': { body: [comment] },
      'GET /api/admin/audit': { body: audit },
    });
    await loader();
    await renderRoutes('/en/admin/companies/EE/12345678', routes);

    expect(await screen.findByRole('heading', { name: 'Põhja Köök OÜ', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Kalle Kokk').closest('tr')).toHaveTextContent('Supervisor');
    expect(screen.getByText('Active: 1')).toBeInTheDocument();
    const latest = screen.getByRole('table', { name: 'Latest vacancies' });
    expect(within(latest).getByText('Kokk').closest('tr')).toHaveTextContent('Active');
    expect(screen.getByText('Job ad for 30 days').closest('tr')).toHaveTextContent('Unpaid');
    expect(await screen.findByText('Helistas, soovib lepingut.')).toBeInTheDocument();
    expect(await screen.findByText('company.comment')).toBeInTheDocument();
    const auditCall = calls.find((call) => new URL(call.url).pathname === '/api/admin/audit')!;
    expect(new URL(auditCall.url).searchParams.get('companyId')).toBe('c-1');
  });

  it('adds a comment, refusing an empty one before asking the server', async () => {
    const calls = fakeApi({
      'GET /api/admin/company/EE/12345678': { body: detail },
      'GET /api/admin/company/EE/12345678/comments': { body: [] },
      'POST /api/admin/company/EE/12345678/comments': { status: 201, body: comment },
      'GET /api/admin/audit': { body: { ...audit, content: [], totalElements: 0, totalPages: 0 } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/companies/EE/12345678', routes);

    await user.click(await screen.findByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Write the comment')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'New comment' }), '  Leping saadetud ');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Comment added'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(await post.json()).toEqual({ body: 'Leping saadetud' });
  });

  it('deletes the company after a wrong then the right registry number and goes back to the list', async () => {
    let answer: { status: number; body?: unknown } = {
      status: 400,
      body: { message: 'Failed to delete company data', code: 'validation', field: 'registryNumber' },
    };
    const calls = fakeApi({
      'GET /api/admin/company/EE/12345678': { body: detail },
      'GET /api/admin/company/EE/12345678/comments': { body: [] },
      'GET /api/admin/audit': { body: audit },
      'DELETE /api/admin/company/EE/12345678': () => answer,
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/companies/EE/12345678', routes);

    await user.click(await screen.findByRole('button', { name: 'Delete company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Põhja Köök OÜ' });
    const typed = within(dialog).getByRole('textbox', { name: /^Registry number/ });
    await user.type(typed, '87654321');
    await user.click(within(dialog).getByRole('button', { name: 'Delete company' }));
    expect(await within(dialog).findByText('Failed to delete company data')).toBeInTheDocument();

    answer = { status: 200, body: { businessName: 'Põhja Köök OÜ', staffRemoved: 1, vacancies: 1, apiKeysRevoked: 0, invoicesKept: 1 } };
    await user.clear(typed);
    await user.type(typed, '12345678');
    await user.click(within(dialog).getByRole('button', { name: 'Delete company' }));
    expect(await screen.findByText('The companies list')).toBeInTheDocument();
    expect(notify.notifySuccess).toHaveBeenCalledWith('Põhja Köök OÜ deleted');
    const deletes = calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url).searchParams.get('registryNumber'));
    expect(deletes).toEqual(['87654321', '12345678']);
  });

  it('says so when the company does not exist', async () => {
    fakeApi({});
    await loader();
    await renderRoutes('/en/admin/companies/EE/99999999', routes);
    expect(await screen.findByText('This company does not exist or was deleted.')).toBeInTheDocument();
  });
});

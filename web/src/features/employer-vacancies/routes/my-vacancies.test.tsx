import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import type { EmployerVacancy, EmployerVacancyPage } from '../api/get-my-vacancies';
import { Component as MyVacancies, loader } from './my-vacancies';

const base = {
  type: 'DEFAULT',
  status: 'EXISTS',
  createdAt: '2026-10-30T08:00:00Z',
  updatedAt: '2026-10-31T08:00:00Z',
  applicationsCount: 0,
  review: { status: 'NONE' as const, reason: null },
  moderator: null,
};
const cook: EmployerVacancy = {
  ...base,
  id: 'v-cook',
  occupationLabel: 'Cook',
  displayedState: 'ACTIVE',
  publishAt: '2026-11-01T08:00:00Z',
  validUntil: '2026-12-01T08:00:00Z',
  applicationsCount: 3,
};
const draft: EmployerVacancy = { ...base, id: 'v-draft', occupationLabel: null, status: 'TEMPORARY', displayedState: 'DRAFT', publishAt: null, validUntil: null };
const welder: EmployerVacancy = {
  ...base,
  id: 'v-welder',
  occupationLabel: 'Welder',
  displayedState: 'WAITING_FOR_PAYMENT',
  publishAt: '2026-11-02T08:00:00Z',
  validUntil: '2026-12-02T08:00:00Z',
  invoice: { id: 'i1', number: '2026-000007', referenceNumber: '20260000072', status: 'UNPAID', subtotalCents: 10000, vatCents: 2400, totalCents: 12400, issuedOn: '2026-11-02', dueOn: '2026-11-16', currency: 'EUR' },
};
const counts = { all: 3, active: 1, drafts: 1, waitingForPayment: 1, hidden: 0, archive: 0, finished: 0, cvDatabase: 0 };

const page = (content: EmployerVacancy[], change: Partial<EmployerVacancyPage> = {}): EmployerVacancyPage => ({
  content,
  totalPages: content.length ? 1 : 0,
  totalElements: content.length,
  page: 0,
  size: 20,
  counts,
  mayDelegate: true,
  ...change,
});

const routes = [
  { path: 'employer/account/my-vacancies', element: <MyVacancies /> },
  { path: 'employer/account/my-vacancies/:id/edit', element: <p>the wizard</p> },
];

const listQuery = (request: Request) => new URL(request.url).searchParams;
const listCalls = (calls: Request[]) => calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname === '/api/employer/vacancies').map(listQuery);

describe('my vacancies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the tab with every tab’s count, each row with its state, dates, applications and invoice', async () => {
    const calls = fakeApi({ 'GET /api/employer/vacancies': { body: page([cook, draft, welder]) } });
    await loader();
    await renderRoutes('/en/employer/account/my-vacancies', routes);

    const cookCard = await screen.findByRole('article', { name: 'Cook' });
    expect(within(cookCard).getByText('Active')).toBeInTheDocument();
    expect(within(cookCard).getByText('Published 01.11.2026')).toBeInTheDocument();
    expect(within(cookCard).getByText('Valid until 01.12.2026')).toBeInTheDocument();
    expect(within(cookCard).getByText('Applications: 3')).toBeInTheDocument();
    expect(within(cookCard).getByRole('link', { name: 'Cook' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/v-cook/preview');
    expect(within(cookCard).queryByRole('link', { name: 'Publish' })).not.toBeInTheDocument();

    const draftCard = screen.getByRole('article', { name: 'Untitled draft' });
    expect(within(draftCard).getByText('Draft')).toBeInTheDocument();
    expect(within(draftCard).getByText('Last changed 31.10.2026')).toBeInTheDocument();
    expect(within(draftCard).getByRole('link', { name: 'Publish' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/v-draft/edit?step=publish');

    const welderCard = screen.getByRole('article', { name: 'Welder' });
    expect(within(welderCard).getByText('Waiting for payment')).toBeInTheDocument();
    expect(within(welderCard).getByText(/Invoice 2026-000007: €124/)).toHaveTextContent('Invoice 2026-000007: €124 · Due 16.11.2026');

    expect(screen.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^All/ })).toHaveTextContent('All3');
    expect(screen.getByRole('tab', { name: /^Waiting for payment/ })).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: /^Hidden/ })).toHaveTextContent('0');
    expect(listCalls(calls)[0]?.toString()).toBe('status=all&sort=modified&order=desc&page=0&size=20');
  });

  it('marks the applications badge seen on opening the list', async () => {
    const calls = fakeApi({
      'GET /api/employer/vacancies': { body: page([cook]) },
      'PATCH /api/user/menu-notifications': { body: { applications: 0, interviews: 0, messages: 0, invoices: 0 } },
    });
    await loader();
    await renderRoutes('/en/employer/account/my-vacancies', routes);
    await screen.findByRole('article', { name: 'Cook' });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const seen = calls.find((call) => call.method === 'PATCH')!;
    expect(new URL(seen.url).pathname).toBe('/api/user/menu-notifications');
    expect(await seen.json()).toEqual({ kind: 'APPLICATIONS' });
  });

  it('keeps the tab, type and page in the URL and asks for them', async () => {
    const calls = fakeApi({
      'GET /api/employer/vacancies': (request) => {
        const query = listQuery(request);
        if (query.get('status') === 'drafts') return { body: page([]) };
        if (query.get('page') === '1') return { body: page([welder], { page: 1, totalPages: 2, totalElements: 21 }) };
        return { body: page([cook], { totalPages: 2, totalElements: 21 }) };
      },
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/employer/account/my-vacancies', routes);
    await screen.findByRole('article', { name: 'Cook' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Welder' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');

    await user.click(screen.getByRole('radio', { name: 'CV database' }));
    expect(router.state.location.search).toBe('?type=CV_BASE');
    await screen.findByRole('article', { name: 'Cook' });

    await user.click(screen.getByRole('tab', { name: /^Drafts/ }));
    expect(router.state.location.search).toBe('?tab=drafts&type=CV_BASE');
    const empty = await screen.findByText('You have no drafts.');
    expect(empty).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create a vacancy' })[0]).toHaveAttribute('href', '/en/employer/account/my-vacancies/create-vacancy');

    expect(listCalls(calls).map((query) => query.toString())).toEqual([
      'status=all&sort=modified&order=desc&page=0&size=20',
      'status=all&sort=modified&order=desc&page=1&size=20',
      'status=all&type=CV_BASE&sort=modified&order=desc&page=0&size=20',
      'status=drafts&type=CV_BASE&sort=modified&order=desc&page=0&size=20',
    ]);
  });

  it('moves from a page beyond the last to the last one', async () => {
    const calls = fakeApi({
      'GET /api/employer/vacancies': (request) =>
        listQuery(request).get('page') === '1' ? { body: page([welder], { page: 1, totalPages: 2, totalElements: 21 }) } : { body: page([], { page: 4, totalPages: 2, totalElements: 21 }) },
    });
    await loader();
    const { router } = await renderRoutes('/en/employer/account/my-vacancies?tab=active&page=4', routes);
    expect(await screen.findByRole('article', { name: 'Welder' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=active&page=1');
    expect(listCalls(calls).map((query) => query.get('page'))).toEqual(['4', '1']);
  });

  it('offers the actions the state allows and hides an active vacancy', async () => {
    let hidden = false;
    const calls = fakeApi({
      'GET /api/employer/vacancies': () => ({ body: page([hidden ? { ...cook, status: 'HIDDEN', displayedState: 'HIDDEN' } : cook]) }),
      'PUT /api/employer/vacancies/v-cook/status': () => {
        hidden = true;
        return { body: { ...cook, status: 'HIDDEN', displayedState: 'HIDDEN' } };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-vacancies', routes);

    await user.click(await screen.findByRole('button', { name: 'Actions for Cook' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Preview',
      'Buy extra services',
      'Hide',
      'Copy as a new draft',
      'Assign a moderator',
      'Archive',
      'Delete',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/v-cook/edit');
    expect(within(menu).getByRole('menuitem', { name: 'Buy extra services' })).not.toHaveAttribute('href');
    await user.click(within(menu).getByRole('menuitem', { name: 'Hide' }));

    const card = await screen.findByRole('article', { name: 'Cook' });
    await waitFor(() => expect(within(card).getByText('Hidden')).toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT');
    expect(await put?.json()).toEqual({ status: 'HIDDEN' });

    await user.click(within(card).getByRole('button', { name: 'Actions for Cook' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toContain('Show again');
    expect(items).not.toContain('Hide');
  });

  it('deletes a draft for good after asking, and a vacancy by its status', async () => {
    let drafts = [draft];
    const calls = fakeApi({
      'GET /api/employer/vacancies': () => ({ body: page([...drafts, cook]) }),
      'DELETE /api/employer/vacancies/v-draft': () => {
        drafts = [];
        return { status: 204 };
      },
      'PUT /api/employer/vacancies/v-cook/status': { status: 400, body: { message: 'A vacancy that is active cannot be deleted', code: 'validation', field: 'status' } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-vacancies', routes);

    await user.click(await screen.findByRole('button', { name: 'Actions for Untitled draft' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete the draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft?' });
    expect(within(dialog).getByText('Untitled draft is deleted for good.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Untitled draft' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/api/employer/vacancies/v-draft'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Actions for Cook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the vacancy?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const put = calls.find((call) => call.method === 'PUT');
    await waitFor(() => expect(put).toBeDefined());
    expect(await put?.json()).toEqual({ status: 'DELETED' });
    expect(screen.getByRole('dialog', { name: 'Delete the vacancy?' })).toBeInTheDocument();
  });

  it('copies a vacancy into a draft and opens it', async () => {
    fakeApi({
      'GET /api/employer/vacancies': { body: page([cook]) },
      'PATCH /api/employer/vacancies/v-cook/copy': { status: 201, body: { ...cook, id: 'v-copy', status: 'TEMPORARY', displayedState: 'DRAFT' } },
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/employer/account/my-vacancies', routes);

    await user.click(await screen.findByRole('button', { name: 'Actions for Cook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy as a new draft' }));
    expect(await screen.findByText('the wizard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/employer/account/my-vacancies/v-copy/edit');
  });

  it('assigns a moderator, showing the server’s refusal on the field', async () => {
    let posts = 0;
    const calls = fakeApi({
      'GET /api/employer/vacancies': { body: page([cook]) },
      'POST /api/employer/vacancies/v-cook/moderators': () => {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { message: 'Not a staff member of the company', code: 'validation', field: 'username' } }
          : { status: 200, body: { userId: 'u2', username: 'recruiter@example.ee', firstname: 'Rita', lastname: 'Raud' } };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-vacancies', routes);

    await user.click(await screen.findByRole('button', { name: 'Actions for Cook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign a moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a moderator' });
    const field = within(dialog).getByLabelText(/Staff member's e-mail/);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText("Enter the staff member's e-mail")).toBeInTheDocument();
    await user.type(field, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Enter an e-mail address')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.clear(field);
    await user.type(field, ' stranger@example.ee ');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Not a staff member of the company')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'recruiter@example.ee');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign a moderator' })).not.toBeInTheDocument());
    const sent = calls.filter((call) => call.method === 'POST');
    expect(await Promise.all(sent.map((call) => call.json()))).toEqual([{ username: 'stranger@example.ee' }, { username: 'recruiter@example.ee' }]);
  });

  const rita = { userId: 'u2', username: 'recruiter@example.ee', firstname: 'Rita', lastname: 'Raud' };

  /** The list with the cook delegated to Rita, its card read and its actions menu open. */
  async function openCookActions() {
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-vacancies', routes);
    const card = await screen.findByRole('article', { name: 'Cook' });
    expect(within(card).getByText('Moderator: Rita Raud')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Actions for Cook' }));
    return user;
  }

  it('shows the moderator, which one who may delegate changes or removes', async () => {
    let moderator: typeof rita | null = rita;
    const calls = fakeApi({
      'GET /api/employer/vacancies': () => ({ body: page([{ ...cook, moderator }]) }),
      'DELETE /api/employer/vacancies/v-cook/moderators': () => {
        moderator = null;
        return { status: 204 };
      },
    });
    const user = await openCookActions();
    await user.click(await screen.findByRole('menuitem', { name: 'Change or remove the moderator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a moderator' });
    expect(within(dialog).getByLabelText(/Staff member's e-mail/)).toHaveValue('recruiter@example.ee');
    await user.click(within(dialog).getByRole('button', { name: 'Remove the moderator' }));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Cook' })).queryByText(/^Moderator:/)).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/v-cook/moderators'))).toBe(true);
  });

  it('offers no moderator action to one who may not delegate, who reads the moderator', async () => {
    fakeApi({ 'GET /api/employer/vacancies': { body: page([{ ...cook, moderator: rita }], { mayDelegate: false }) } });
    await openCookActions();
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: /moderator/ })).toBeNull();
  });

  it('lays the rows out as a table on wide screens', async () => {
    const narrow = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...narrow(query), matches: query.includes('min-width: 64em') }));
    fakeApi({ 'GET /api/employer/vacancies': { body: page([cook, welder]) } });
    await loader();
    await renderRoutes('/en/employer/account/my-vacancies', routes);

    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Vacancy',
      'State',
      'Publication',
      'Valid until',
      'Applications',
      'Moderator',
      'Actions',
    ]);
    const row = within(table).getByRole('row', { name: 'Cook' });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Cook', 'Active', '01.11.2026', '01.12.2026', '3', '—', '']);
    expect(within(within(table).getByRole('row', { name: 'Welder' })).getByText(/Invoice 2026-000007/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('keeps a row and the menu opened on it while another tab loads, the row being in both answers', async () => {
    const narrow = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...narrow(query), matches: query.includes('min-width: 64em') }));
    const calls = fakeApi({
      'GET /api/employer/vacancies': (request) => ({ body: listQuery(request).get('status') === 'active' ? page([cook]) : page([draft, cook]) }),
    });
    // the active tab's answer comes once the menu is open
    let answerActive = () => {};
    const activeAnswered = new Promise<void>((resolve) => {
      answerActive = resolve;
    });
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await answer(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/employer/vacancies' && url.searchParams.get('status') === 'active') await activeAnswered;
      return response;
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-vacancies', routes);
    const row = await screen.findByRole('row', { name: 'Cook' });

    await user.click(screen.getByRole('tab', { name: /^Active/ }));
    await waitFor(() => expect(listCalls(calls).map((query) => query.get('status'))).toEqual(['all', 'active']));
    // the rows on screen stand in, busy, while the tab's own answer is on its way
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Loading…')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Actions for Cook' }));
    const menu = await screen.findByRole('menu');

    answerActive();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Untitled draft' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('tabpanel')).queryByLabelText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Cook' })).toBe(row);
    expect(menu).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Assign a moderator' }));
    expect(await screen.findByRole('dialog', { name: 'Assign a moderator' })).toBeInTheDocument();
  });

  const offer = { description: '', unit: 'ITEM', discount: 0, vatRateBp: 2400 } as const;
  const products = [
    { ...offer, code: 'VACANCY', label: 'Vacancy 30 days', group: 'VACANCY', listPriceCents: 2900, priceCents: 2900 },
    { ...offer, code: 'BRANDING', label: 'Branding', group: 'BRANDING', listPriceCents: 2900, priceCents: 2900 },
    { ...offer, code: 'BASIC', label: 'BASIC', group: 'PACKAGE', listPriceCents: 19900, priceCents: 19900, proLevel: 1 },
    { ...offer, code: 'PRO_1', label: 'PRO 1', group: 'PRO', listPriceCents: 500, priceCents: 500, proLevel: 1 },
    { ...offer, code: 'PRO_3', label: 'PRO 3', group: 'PRO', listPriceCents: 1400, priceCents: 1400, proLevel: 3 },
    { ...offer, code: 'PROMO_7', label: 'Promotion 7 days', group: 'PROMOTION', listPriceCents: 1000, priceCents: 1000, promoDays: 7 },
  ];
  const methods = [{ code: 'CARD', online: true, label: 'Card', description: 'Visa or Mastercard', needs: [] }];
  const extrasInvoice = {
    id: 'i-extra',
    number: '2026-000012',
    date: '2026-11-05',
    expirationDate: '2026-11-19',
    status: 'UNPAID',
    sumCents: 5332,
    subtotalCents: 4300,
    vatCents: 1032,
    referenceNumber: '20260000124',
    overdue: false,
    paidAt: null,
    currency: 'EUR',
    buyer: { name: 'Tartu Näidisehitus AS' },
    lines: [],
    bank: { recipient: 'Vakants OÜ', iban: 'EE382200221020145685', bankName: 'Swedbank', bic: 'HABAEE2X' },
    vacancyId: 'v-cook',
    payments: [],
  };

  it('sells a running vacancy extra services: the choice checked, the server’s refusal on it, then paying', async () => {
    let posts = 0;
    const calls = fakeApi({
      'GET /api/employer/vacancies': { body: page([cook]) },
      'GET /api/employer/products': { body: products },
      'GET /api/payment/payment-methods': { body: methods },
      'POST /api/user/invoices': () => {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { code: 'validation', message: 'The vacancy already has this PRO level or a higher one', field: 'productCodes' } }
          : { status: 201, body: extrasInvoice };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-vacancies', routes);

    await user.click(await screen.findByRole('button', { name: 'Actions for Cook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Buy extra services' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy extra services' });
    expect(await within(dialog).findByText('Extra services for Cook start as soon as the invoice is paid.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /Vacancy 30 days/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('Choose at least one service')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.click(within(dialog).getByRole('radio', { name: 'PRO 3 — €14' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Branding — €29' }));
    expect(within(dialog).getByText('Total €53.32 (without VAT €43, VAT €10.32)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('The vacancy already has this PRO level or a higher one')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('Invoice 2026-000012 · total €53.32')).toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: 'Card' })).toBeInTheDocument();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(await sent[0]?.json()).toEqual({ productCodes: ['PRO_3', 'BRANDING'], vacancyId: 'v-cook' });
  });

  it('pays the invoice of a vacancy waiting for payment from its menu', async () => {
    const calls = fakeApi({
      'GET /api/employer/vacancies': { body: page([welder, { ...welder, id: 'v-paid', occupationLabel: 'Baker', invoice: { ...welder.invoice!, status: 'PAID' } }]) },
      'GET /api/payment/payment-methods': { body: [{ code: 'BANK_TRANSFER', online: false, label: 'Bank transfer', description: '', needs: [] }] },
      'POST /api/user/invoices/i1': {
        body: { kind: 'BANK_DETAILS', paymentId: null, redirectUrl: null, bank: extrasInvoice.bank, referenceNumber: '20260000072', totalCents: 12400, dueOn: '2026-11-16' },
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-vacancies', routes);

    await user.click(await screen.findByRole('button', { name: 'Actions for Baker' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Pay the invoice' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Welder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pay the invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the invoice' });
    expect(within(dialog).getByText('Invoice 2026-000007 · total €124')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: 'Bank transfer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('20260000072')).toBeInTheDocument();
    expect(await calls.find((call) => call.method === 'POST')?.json()).toEqual({ method: 'BANK_TRANSFER', currency: 'EUR' });
  });
});

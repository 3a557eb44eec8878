import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Invoices, loader } from './invoices';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const routes = [{ path: 'admin/invoices', element: <Invoices /> }];

const unpaid = {
  id: 'i-1',
  number: '2026-000007',
  date: '2026-11-02',
  expirationDate: '2026-11-16',
  status: 'UNPAID',
  sumCents: 3596,
  subtotalCents: 2900,
  vatCents: 696,
  referenceNumber: '20260000072',
  overdue: false,
  paidAt: null,
  buyerName: 'Põhja Köök OÜ',
  buyerRegistryCode: '12345678',
  countryCode: 'EE',
  registryCode: '12345678',
};
const page = {
  content: [unpaid],
  totalElements: 1,
  totalPages: 1,
  page: 0,
  size: 20,
  sums: [
    { status: 'UNPAID', count: 1, totalCents: 3596 },
    { status: 'PAID', count: 2, totalCents: 10000 },
    { status: 'CANCELLED', count: 0, totalCents: 0 },
  ],
};
const listQueries = (calls: Request[]) =>
  calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname === '/api/admin/invoice').map((call) => new URL(call.url).searchParams.toString());

describe('the administrators\u2019 invoices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the sums per status and keeps the status filter in the URL', async () => {
    const calls = fakeApi({ 'GET /api/admin/invoice': { body: page } });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/admin/invoices', routes);

    const paid = await screen.findByRole('region', { name: 'Paid' });
    expect(within(paid).getByText('€100')).toBeInTheDocument();
    expect(within(paid).getByText('Paid · 2 invoices')).toBeInTheDocument();
    const row = screen.getByText('2026-000007').closest('tr')!;
    expect(within(row).getByText('Põhja Köök OÜ')).toBeInTheDocument();
    expect(within(row).getByText('€35.96')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'PDF of invoice 2026-000007' })).toHaveAttribute('href', '/api/admin/invoice/i-1/pdf?lang=en');

    await user.click(screen.getByRole('tab', { name: 'Unpaid' }));
    expect(router.state.location.search).toBe('?status=UNPAID');
    await screen.findByText('2026-000007');
    expect(listQueries(calls)).toEqual(['sort=date&order=desc&page=0&size=20', 'status=UNPAID&sort=date&order=desc&page=0&size=20']);
  });

  it('sorts by date or status from the column headers, either way, and says the order to assistive technology', async () => {
    const calls = fakeApi({ 'GET /api/admin/invoice': { body: page } });
    const { router } = await renderRoutes('/en/admin/invoices?status=PAID', routes);
    const user = userEvent.setup();
    await screen.findByText('2026-000007');
    expect(screen.getByRole('columnheader', { name: 'Issued' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=PAID&sort=status'));
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=PAID&sort=status&order=asc'));
    expect(screen.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('tab', { name: 'Unpaid' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=status&order=asc&status=UNPAID'));
    expect(listQueries(calls).at(-1)).toBe('status=UNPAID&sort=status&order=asc&page=0&size=20');
  });

  it('shows each invoice as a card with its PDF, mark paid and delete on a phone', async () => {
    fakeApi({ 'GET /api/admin/invoice': { body: page } });
    const desktop = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...desktop(query), matches: query.includes('max-width: 47.99em') }));
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/invoices', routes);

    const card = await screen.findByRole('article', { name: 'Invoice 2026-000007' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Buyer').nextSibling).toHaveTextContent('Põhja Köök OÜ12345678');
    expect(within(card).getByText('Sum').nextSibling).toHaveTextContent('€35.96');
    expect(within(card).getByRole('link', { name: 'PDF of invoice 2026-000007' })).toHaveAttribute('href', '/api/admin/invoice/i-1/pdf?lang=en');
    expect(within(card).getByRole('button', { name: 'Delete invoice 2026-000007' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Mark paid: invoice 2026-000007' }));
    expect(await screen.findByRole('dialog', { name: 'Mark invoice 2026-000007 paid' })).toBeInTheDocument();
  });

  it('marks an invoice paid with a reason', async () => {
    const calls = fakeApi({ 'GET /api/admin/invoice': { body: page }, 'GET /api/admin/invoice/i-1/forcedPayment': { body: { paidNow: true } } });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/invoices', routes);

    await user.click(await screen.findByRole('button', { name: 'Mark paid: invoice 2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark invoice 2026-000007 paid' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'paid in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Invoice 2026-000007 is paid'));
    const forced = calls.find((call) => new URL(call.url).pathname.endsWith('/forcedPayment'))!;
    expect(new URL(forced.url).searchParams.get('reason')).toBe('paid in cash');
  });

  it('deletes an invoice only after its number is typed, a wrong number shown on the field', async () => {
    let answer = { status: 400, body: { message: 'Wrong invoice number', code: 'validation', field: 'number' } as unknown };
    const calls = fakeApi({ 'GET /api/admin/invoice': { body: page }, 'DELETE /api/admin/invoice/i-1': () => answer });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/invoices', routes);

    await user.click(await screen.findByRole('button', { name: 'Delete invoice 2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete invoice 2026-000007' });
    const number = within(dialog).getByRole('textbox', { name: /^Invoice number/ });
    await user.type(number, '2026-000008');
    await user.click(within(dialog).getByRole('button', { name: 'Delete invoice' }));
    expect(await within(dialog).findByText('Wrong invoice number')).toBeInTheDocument();

    answer = { status: 204, body: undefined };
    await user.clear(number);
    await user.type(number, '2026-000007');
    await user.click(within(dialog).getByRole('button', { name: 'Delete invoice' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Invoice 2026-000007 deleted'));
    const deletes = calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url).searchParams.get('number'));
    expect(deletes).toEqual(['2026-000008', '2026-000007']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { detail, invoicePage, methods, overdue, paid, unpaid } from '../test-data';
import { Component as MyInvoices, loader } from './my-invoices';

const hardNavigate = vi.fn();
vi.mock('@/shared/lib/hard-navigate', () => ({ hardNavigate: (path: string) => hardNavigate(path) }));

const routes = [{ path: 'employer/account/my-invoices', element: <MyInvoices /> }];
const listCalls = (calls: Request[]) =>
  calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname === '/api/user/invoices/my').map((call) => new URL(call.url).searchParams.toString());

describe('my invoices', () => {
  beforeEach(() => hardNavigate.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('lists each invoice with its number, dates, status, sum and documents, an overdue one marked', async () => {
    const calls = fakeApi({ 'GET /api/user/invoices/my': { body: invoicePage([unpaid, overdue, paid]) } });
    await loader();
    await renderRoutes('/en/employer/account/my-invoices', routes);

    const card = await screen.findByRole('article', { name: 'Invoice 2026-000007' });
    expect(within(card).getByText('€35.96')).toBeInTheDocument();
    expect(within(card).getByText('Unpaid')).toBeInTheDocument();
    expect(within(card).getByText('Issued 02.11.2026 · Due 16.11.2026')).toBeInTheDocument();
    expect(within(card).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'PDF of invoice 2026-000007' })).toHaveAttribute('href', '/api/user/invoices/i-unpaid/pdf');
    expect(within(card).getByRole('link', { name: 'E-invoice (XML) of invoice 2026-000007' })).toHaveAttribute('href', '/api/user/invoices/i-unpaid/xml');
    expect(within(card).getByRole('button', { name: 'Pay invoice 2026-000007' })).toBeInTheDocument();

    const late = screen.getByRole('article', { name: 'Invoice 2026-000003' });
    expect(within(late).getByText('Overdue')).toBeInTheDocument();

    const done = screen.getByRole('article', { name: 'Invoice 2026-000005' });
    expect(within(done).getByText('Paid')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['sort=date&order=desc&page=0&size=20']);
  });

  it('keeps the tab, sort and order in the URL and asks for them', async () => {
    const calls = fakeApi({
      'GET /api/user/invoices/my': (request) => ({ body: invoicePage(new URL(request.url).searchParams.get('status') === 'CANCELLED' ? [] : [unpaid]) }),
    });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/employer/account/my-invoices', routes);
    await screen.findByRole('article', { name: 'Invoice 2026-000007' });

    await user.click(screen.getByRole('tab', { name: 'Unpaid' }));
    expect(router.state.location.search).toBe('?tab=unpaid');
    await user.click(screen.getByRole('radio', { name: 'Status' }));
    expect(router.state.location.search).toBe('?tab=unpaid&sort=status');
    await user.click(screen.getByRole('radio', { name: 'Ascending' }));
    expect(router.state.location.search).toBe('?tab=unpaid&sort=status&order=asc');
    await screen.findByRole('article', { name: 'Invoice 2026-000007' });
    await user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByText('You have no cancelled invoices.')).toBeInTheDocument();

    expect(listCalls(calls)).toEqual([
      'sort=date&order=desc&page=0&size=20',
      'status=UNPAID&sort=date&order=desc&page=0&size=20',
      'status=UNPAID&sort=status&order=desc&page=0&size=20',
      'status=UNPAID&sort=status&order=asc&page=0&size=20',
      'status=CANCELLED&sort=status&order=asc&page=0&size=20',
    ]);
  });

  it('opens an invoice with its lines, totals, bank details to copy and payments', async () => {
    fakeApi({ 'GET /api/user/invoices/my': { body: invoicePage([unpaid]) }, 'GET /api/user/invoices/i-unpaid': { body: detail } });
    await loader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/employer/account/my-invoices', routes);

    await user.click(await screen.findByRole('button', { name: 'Open invoice 2026-000007' }));
    expect(router.state.location.search).toBe('?invoice=i-unpaid');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice 2026-000007' });
    const lines = await within(drawer).findByRole('table', { name: 'Invoice lines' });
    const row = within(lines).getByRole('row', { name: /Töökuulutus 30 päeva/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Töökuulutus 30 päeva', '1', '€29', '—', '€29', '24%', '€6.96']);
    const totals = within(drawer).getByRole('group', { name: 'Invoice totals' });
    expect(totals).toHaveTextContent('Total without VAT€29VAT€6.96Total€35.96');
    expect(within(drawer).getByText('Tartu Näidisehitus AS, 10000002')).toBeInTheDocument();

    const bank = within(drawer).getByRole('table', { name: 'Bank details' });
    expect(within(bank).getByText('EE38 2200 2210 2014 5685')).toBeInTheDocument();
    expect(within(bank).getByText('20260000072')).toBeInTheDocument();
    await user.click(within(bank).getByRole('button', { name: 'Copy the account number' }));
    expect(await navigator.clipboard.readText()).toBe('EE382200221020145685');
    await user.click(within(bank).getByRole('button', { name: 'Copy the reference number' }));
    expect(await navigator.clipboard.readText()).toBe('20260000072');
    expect(await within(bank).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const payments = within(drawer).getByRole('table', { name: 'Payments' });
    expect(within(payments).getByRole('row', { name: /Card/ })).toHaveTextContent('02.11.2026CardFailed€35.96');

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('cancels an unpaid invoice after asking, and shows the server’s refusal', async () => {
    let cancels = 0;
    const calls = fakeApi({
      'GET /api/user/invoices/my': { body: invoicePage([unpaid]) },
      'GET /api/user/invoices/i-unpaid': { body: detail },
      'POST /api/user/invoices/i-unpaid/cancel': () => {
        cancels += 1;
        return cancels === 1
          ? { status: 400, body: { code: 'validation', message: 'Only an unpaid invoice can be cancelled', field: 'status' } }
          : { body: { ...detail, status: 'CANCELLED' } };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-invoices?invoice=i-unpaid', routes);

    const drawer = await screen.findByRole('dialog', { name: 'Invoice 2026-000007' });
    await user.click(await within(drawer).findByRole('button', { name: 'Cancel the invoice' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the invoice?' });
    expect(within(confirm).getByText(/Invoice 2026-000007 and its services are cancelled/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel the invoice' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Only an unpaid invoice can be cancelled');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel the invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel the invoice?' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').length).toBe(2);
  });

  it('pays online: the chosen method is confirmed and the browser leaves for the provider', async () => {
    const calls = fakeApi({
      'GET /api/user/invoices/my': { body: invoicePage([unpaid]) },
      'GET /api/payment/payment-methods': { body: methods },
      'POST /api/user/invoices/i-unpaid': {
        body: { kind: 'REDIRECT', paymentId: 'p-9', redirectUrl: 'https://sandbox.example/pay?t=1', bank: null, referenceNumber: '20260000072', totalCents: 3596, dueOn: '2026-11-16' },
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-invoices', routes);

    await user.click(await screen.findByRole('button', { name: 'Pay invoice 2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the invoice' });
    expect(within(dialog).getByText('Invoice 2026-000007 · total €35.96')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose a payment method')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['INVOICE', 'BANK_TRANSFER', 'CARD', 'BLIK']);
    // the methods are those the server offers for the invoice's currency
    const asked = calls.find((call) => new URL(call.url).pathname === '/api/payment/payment-methods')!;
    expect(new URL(asked.url).searchParams.get('currency')).toBe('EUR');

    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.click(within(dialog).getByRole('button', { name: 'Go to payment' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('https://sandbox.example/pay?t=1'));
    expect(within(dialog).getByText('Taking you to the payment page…')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(await post?.json()).toEqual({ method: 'CARD', currency: 'EUR' });
  });

  it('pays by bank transfer: the bank details with the reference number, or the server’s refusal', async () => {
    let posts = 0;
    fakeApi({
      'GET /api/user/invoices/my': { body: invoicePage([unpaid]) },
      'GET /api/payment/payment-methods': { body: methods },
      'POST /api/user/invoices/i-unpaid': () => {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { code: 'validation', message: 'The invoice is not waiting for payment', field: 'status' } }
          : { body: { kind: 'BANK_DETAILS', paymentId: null, redirectUrl: null, bank, referenceNumber: '20260000072', totalCents: 3596, dueOn: '2026-11-16' } };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-invoices', routes);

    await user.click(await screen.findByRole('button', { name: 'Pay invoice 2026-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the invoice' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Bank transfer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The invoice is not waiting for payment');
    expect(hardNavigate).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const details = await within(dialog).findByRole('table', { name: 'Bank details' });
    expect(within(details).getByText('20260000072')).toBeInTheDocument();
    expect(within(details).getByText('Vakants OÜ')).toBeInTheDocument();
    expect(within(details).getByText('€35.96')).toBeInTheDocument();
    expect(within(details).getByText('16.11.2026')).toBeInTheDocument();
    expect(within(dialog).getByText(/Transfer the amount now, quoting the reference number/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay the invoice' })).not.toBeInTheDocument());
  });

  const bank = { recipient: 'Vakants OÜ', iban: 'EE382200221020145685', bankName: 'Swedbank', bic: 'HABAEE2X' };

  it('lays the invoices out as a table on wide screens, an overdue row tinted', async () => {
    const narrow = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...narrow(query), matches: query.includes('min-width: 64em') }));
    fakeApi({ 'GET /api/user/invoices/my': { body: invoicePage([unpaid, overdue]) } });
    await loader();
    await renderRoutes('/en/employer/account/my-invoices', routes);

    const table = await screen.findByRole('table', { name: 'My invoices' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Number', 'Date', 'Due date', 'Status', 'Sum', 'Actions']);
    const row = within(table).getByRole('row', { name: 'Invoice 2026-000003' });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5)).toEqual(['2026-000003', '01.10.2026', '15.10.2026', 'UnpaidOverdue', '€35.96']);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

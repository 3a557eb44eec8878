import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Invoices, loader } from '../routes/invoices';

const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('@/shared/ui/notify', () => notify);

const routes = [{ path: 'admin/invoices', element: <Invoices /> }];

const invoice = (id: string, number: string, buyerName: string, sumCents: number) => ({
  id,
  number,
  date: '2026-11-02',
  expirationDate: '2026-11-16',
  status: 'UNPAID',
  sumCents,
  subtotalCents: sumCents,
  vatCents: 0,
  referenceNumber: '20260000072',
  overdue: false,
  paidAt: null,
  buyerName,
  buyerRegistryCode: '12345678',
  countryCode: 'EE',
  registryCode: '12345678',
});
const unpaid = [invoice('i-1', '2026-000007', 'Põhja Köök OÜ', 3596), invoice('i-2', '2026-000008', 'Kohvik OÜ', 12000)];
const page = (content: unknown[]) => ({ content, totalElements: content.length, totalPages: 1, page: 0, size: 20, sums: [] });

const line = (id: string, entryReference: string, amountCents: number, reason: string, invoiceId: string | null = null) => ({
  id,
  entryReference,
  bookedOn: '2026-11-23',
  amountCents,
  currency: 'EUR',
  debtorName: 'Maksja OÜ',
  structuredReference: null,
  remittance: 'ettemaks',
  reason,
  invoiceId,
  invoiceNumber: invoiceId ? '2026-000007' : null,
  invoiceTotalCents: invoiceId ? 3596 : null,
  importedAt: '2026-11-25T08:00:00Z',
});

const body = (call: Request) => call.clone().json();
const posts = (calls: Request[], suffix: string) => calls.filter((call) => call.method === 'POST' && new URL(call.url).pathname.endsWith(suffix));

describe('bank statements on the invoices screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a statement as a multipart file and shows what it paid and what is left', async () => {
    let waiting: unknown[] = [];
    const calls = fakeApi({
      'GET /api/admin/invoice': { body: page(unpaid) },
      'GET /api/admin/bank-statements/unmatched': () => ({ body: waiting }),
      'POST /api/admin/bank-statements': () => {
        waiting = [line('l-2', 'L2', 12000, 'NO_INVOICE')];
        return { body: { matched: [{ entryReference: 'L1', invoiceNumber: '2026-000007', amountCents: 3596 }], unmatched: [{ entryReference: 'L2', amountCents: 12000, reason: 'NO_INVOICE' }], alreadyImported: 1 } };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/invoices', routes);

    expect(await screen.findByText('No lines wait to be resolved.')).toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload statement' });
    expect(upload).toBeDisabled();
    const file = new File(['<Document/>'], 'statement.xml', { type: 'application/xml' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await user.click(upload);

    const result = await screen.findByRole('status');
    expect(within(result).getByText('1 invoice paid · 1 line to resolve · 1 line imported before')).toBeInTheDocument();
    expect(within(result).getByText('Invoice 2026-000007 paid (€35.96)')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Bank line L2' });
    expect(within(card).getByText('No invoice named')).toBeInTheDocument();
    expect(within(card).getByText('€120')).toBeInTheDocument();
    const sent = posts(calls, '/api/admin/bank-statements')[0];
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // (jsdom's File does not survive undici's form encoding; the Playwright journey sends a real one)
    expect((await sent.formData()).has('file')).toBe(true);
  });

  it('matches a line to the invoice it names, or to one chosen, with a reason', async () => {
    const calls = fakeApi({
      'GET /api/admin/invoice': { body: page(unpaid) },
      'GET /api/admin/bank-statements/unmatched': { body: [line('l-1', 'L1', 3500, 'AMOUNT_DIFFERS', 'i-1'), line('l-2', 'L2', 12000, 'NO_INVOICE')] },
      'POST /api/admin/bank-statements/lines/l-1/match': { body: { resolvedNow: true } },
      'POST /api/admin/bank-statements/lines/l-2/match': { body: { resolvedNow: false } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/invoices', routes);

    await user.click(await screen.findByRole('button', { name: 'Match line L1 to an invoice' }));
    let dialog = await screen.findByRole('dialog', { name: 'Match line L1 to an invoice' });
    expect(await within(dialog).findByDisplayValue('2026-000007 · Põhja Köök OÜ · €35.96')).toBeInTheDocument();
    expect(within(dialog).getByText("The invoice's total is €35.96, the line is €35: the invoice is recorded as paid in full.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Match and mark paid' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'rest paid in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Match and mark paid' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Invoice 2026-000007 is paid'));
    expect(await body(posts(calls, '/l-1/match')[0])).toEqual({ invoiceId: 'i-1', reason: 'rest paid in cash' });

    await user.click(screen.getByRole('button', { name: 'Match line L2 to an invoice' }));
    dialog = await screen.findByRole('dialog', { name: 'Match line L2 to an invoice' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'deposit for the next ad');
    await user.click(within(dialog).getByRole('button', { name: 'Match and mark paid' }));
    expect(await within(dialog).findByText('Choose an invoice')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /^Unpaid invoice/ }));
    await user.click(await screen.findByRole('option', { name: '2026-000008 · Kohvik OÜ · €120' }));
    await user.click(within(dialog).getByRole('button', { name: 'Match and mark paid' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('The line was resolved already'));
    expect(await body(posts(calls, '/l-2/match')[0])).toEqual({ invoiceId: 'i-2', reason: 'deposit for the next ad' });
  });

  it('dismisses a line with a reason and shows a refusal in the dialog', async () => {
    let answer: { status?: number; body: unknown } = { status: 404, body: { message: 'Not found', code: 'not_found' } };
    const calls = fakeApi({
      'GET /api/admin/invoice': { body: page(unpaid) },
      'GET /api/admin/bank-statements/unmatched': { body: [line('l-3', 'L3', 1000, 'NO_INVOICE')] },
      'POST /api/admin/bank-statements/lines/l-3/dismiss': () => answer,
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/invoices', routes);

    await user.click(await screen.findByRole('button', { name: 'Dismiss line L3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss line L3' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'refunded to the payer');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss line' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();

    answer = { body: { resolvedNow: true } };
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss line' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Line L3 dismissed'));
    expect(await body(posts(calls, '/l-3/dismiss')[1])).toEqual({ reason: 'refunded to the payer' });
  });
});

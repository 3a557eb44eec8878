import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PaymentStatus } from '@/shared/billing/api/types';
import { fakeApi, renderRoutes } from '@/test/render';

import { detail } from '../test-data';
import { Component as PaymentReturn, loader } from './payment-return';

const routes = [
  { path: 'employer/account/payment/:paymentId', element: <PaymentReturn /> },
  { path: 'account/payment/:paymentId', element: <PaymentReturn /> },
];

const pending: PaymentStatus = {
  id: 'p-9',
  invoiceId: 'i-unpaid',
  invoiceNumber: '2026-000007',
  method: 'CARD',
  status: 'PENDING',
  message: 'The payment is being confirmed.',
  amountCents: 3596,
};

const paymentCalls = (calls: Request[]) => calls.filter((call) => new URL(call.url).pathname === '/api/employer/payment/p-9');

describe('payment return page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('passes the provider’s order token and asks again until the payment is decided', async () => {
    let asked = 0;
    const calls = fakeApi({
      'GET /api/employer/payment/p-9': () => {
        asked += 1;
        return { body: asked === 1 ? pending : { ...pending, status: 'SUCCEEDED', message: 'Thank you! The invoice is paid and your services have started.' } };
      },
      'GET /api/user/invoices/i-unpaid': { body: { ...detail, status: 'PAID' } },
    });
    await loader();
    await renderRoutes('/en/employer/account/payment/p-9?order-token=tok.en.sig', routes);

    expect(await screen.findByText('Waiting for the payment to be confirmed…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(within(status).getByText('Thank you! The invoice is paid and your services have started.')).toBeInTheDocument();
    expect(within(status).getByText('Invoice 2026-000007 · €35.96')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'My invoices' })).toHaveAttribute('href', '/en/employer/account/my-invoices');
    expect(await within(status).findByRole('link', { name: 'Open the vacancy' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/v-cook/preview');
    expect(within(status).getByRole('link', { name: 'My services' })).toHaveAttribute('href', '/en/employer/account/my-services');

    const asks = paymentCalls(calls);
    expect(asks.length).toBe(2);
    expect(asks.map((call) => new URL(call.url).searchParams.get('orderToken'))).toEqual(['tok.en.sig', 'tok.en.sig']);
  });

  it('says why a payment failed and leads back to the invoice to try again', async () => {
    fakeApi({ 'GET /api/employer/payment/p-9': { body: { ...pending, status: 'FAILED', message: 'The card was declined. The invoice is still unpaid.' } } });
    await loader();
    await renderRoutes('/en/employer/account/payment/p-9', routes);

    expect(await screen.findByRole('heading', { name: 'The payment failed' })).toBeInTheDocument();
    expect(screen.getByText('The card was declined. The invoice is still unpaid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/en/employer/account/my-invoices?invoice=i-unpaid');
    expect(screen.getByRole('link', { name: 'My invoices' })).toHaveAttribute('href', '/en/employer/account/my-invoices');
  });

  it('names a cancelled payment, and leads an applicant to their services', async () => {
    fakeApi({ 'GET /api/employer/payment/p-9': { body: { ...pending, status: 'CANCELLED', message: 'You cancelled the payment.' } } });
    await loader();
    await renderRoutes('/en/account/payment/p-9', routes);

    expect(await screen.findByRole('heading', { name: 'The payment was cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My services' })).toHaveAttribute('href', '/en/account/my-services');
    expect(screen.queryByRole('link', { name: 'My invoices' })).not.toBeInTheDocument();
  });

  it('shows a payment it cannot find as not found', async () => {
    fakeApi({});
    await loader();
    await renderRoutes('/en/employer/account/payment/p-9', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('link', { name: 'My invoices' })).toBeInTheDocument();
  });
});

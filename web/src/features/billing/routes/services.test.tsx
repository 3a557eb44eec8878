import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { cvOffer, detail, methods, services } from '../test-data';
import { Component as ApplicantServices, loader as applicantLoader } from './applicant-services';
import { Component as EmployerServices, loader } from './employer-services';

const routes = [
  { path: 'employer/account/my-services', element: <EmployerServices /> },
  { path: 'account/my-services', element: <ApplicantServices /> },
];

const created = { ...detail, id: 'i-cv', number: '2026-000011', vacancyId: null, sumCents: 10788, subtotalCents: 8700, vatCents: 2088, payments: [] };

describe('my services', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the company’s services by status with their dates, vacancy and invoice', async () => {
    fakeApi({ 'GET /api/employer/services': { body: services } });
    await loader();
    await renderRoutes('/en/employer/account/my-services', routes);

    const active = await screen.findByRole('region', { name: 'Active (1)' });
    const vacancy = within(active).getByRole('article', { name: 'Vacancy 30 days' });
    expect(within(vacancy).getByText('02.11.2026 – 02.12.2026')).toBeInTheDocument();
    expect(within(vacancy).getByRole('link', { name: 'Cook' })).toHaveAttribute('href', '/en/employer/account/my-vacancies/v-cook/preview');
    expect(within(vacancy).getByRole('link', { name: '2026-000005' })).toHaveAttribute('href', '/en/employer/account/my-invoices?invoice=i-paid');

    const unpaid = screen.getByRole('region', { name: 'Unpaid (1)' });
    const cv = within(unpaid).getByRole('article', { name: 'CV database, 1 day' });
    expect(within(cv).getByText('CV database · 3 days')).toBeInTheDocument();
    expect(within(cv).getByText('Starts once the invoice is paid')).toBeInTheDocument();

    const finished = screen.getByRole('region', { name: 'Finished (1)' });
    expect(within(finished).getByRole('link', { name: 'Untitled vacancy' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Active (1)', 'Unpaid (1)', 'Finished (1)']);
  });

  it('lists the applicant’s own services, each invoice number opening that invoice in the applicant’s invoices', async () => {
    const calls = fakeApi({ 'GET /api/applicant/services': { body: [services[1], { ...services[2], vacancyTitle: 'Old job' }] } });
    await applicantLoader();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/en/account/my-services', [...routes, { path: 'account/my-invoices', element: <p>My invoices</p> }]);

    const cv = await screen.findByRole('article', { name: 'CV database, 1 day' });
    expect(within(cv).getByText('Invoice:', { exact: false })).toBeInTheDocument();
    const link = within(cv).getByRole('link', { name: '2026-000007' });
    expect(link).toHaveAttribute('href', '/en/account/my-invoices?invoice=i-unpaid');
    const branding = screen.getByRole('article', { name: 'Branding' });
    expect(within(branding).getByText(/Old job/)).toBeInTheDocument();
    expect(within(branding).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/en/account/my-invoices?invoice=i-old']);
    expect(screen.queryByRole('button', { name: 'Buy CV-database access' })).not.toBeInTheDocument();
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/applicant/services']);
    await user.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?invoice=i-unpaid'));
    expect(router.state.location.pathname).toBe('/en/account/my-invoices');
  });

  it('says so when there are no services', async () => {
    fakeApi({ 'GET /api/employer/services': { body: [] } });
    await loader();
    await renderRoutes('/en/employer/account/my-services', routes);
    expect(await screen.findByText('You have no services yet. Publish a vacancy or buy access to the CV database.')).toBeInTheDocument();
  });

  it('buys days of CV-database access: the days checked, the server’s refusal on the field, then paying', async () => {
    let posts = 0;
    const calls = fakeApi({
      'GET /api/employer/services': { body: [] },
      'GET /api/employer/products/cv-base': { body: cvOffer },
      'GET /api/payment/payment-methods': { body: methods },
      'POST /api/user/invoices': () => {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { code: 'validation', message: 'Number of days must be between 1 and 365', field: 'days' } }
          : { status: 201, body: created };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-services', routes);

    await user.click(await screen.findByRole('button', { name: 'Buy CV-database access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy CV-database access' });
    expect(await within(dialog).findByText('You have no access to the CV database right now.')).toBeInTheDocument();
    const days = within(dialog).getByRole('textbox', { name: /Number of days/ });
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('Number of days must be between 1 and 365')).toBeInTheDocument();
    expect(posts).toBe(0);

    await user.clear(days);
    await user.type(days, '3');
    expect(within(dialog).getByText('Total €107.88 (without VAT €87, VAT €20.88)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('Number of days must be between 1 and 365')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('Invoice 2026-000011 · total €107.88')).toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: 'Bank transfer' })).toBeInTheDocument();

    const sent = calls.filter((call) => call.method === 'POST');
    expect(await Promise.all(sent.map((call) => call.json()))).toEqual([
      { productCodes: ['CV_BASE_DAY'], days: 3 },
      { productCodes: ['CV_BASE_DAY'], days: 3 },
    ]);
  });

  it('buys the discounted week with a vacancy, the refusal shown on the choice', async () => {
    let posts = 0;
    const calls = fakeApi({
      'GET /api/employer/services': { body: [] },
      'GET /api/employer/products/cv-base': { body: { ...cvOffer, access: { active: true, endsAt: '2026-12-01T08:00:00Z' } } },
      'GET /api/payment/payment-methods': { body: methods },
      'POST /api/user/invoices': () => {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { code: 'validation', message: 'The company has no active vacancy', field: 'productCodes' } }
          : { status: 201, body: { ...created, sumCents: 3596 } };
      },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/employer/account/my-services', routes);

    await user.click(await screen.findByRole('button', { name: 'Buy CV-database access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy CV-database access' });
    expect(await within(dialog).findByText('Your access to the CV database runs until 01.12.2026.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'CV database 7 days with a vacancy, €29' }));
    expect(within(dialog).queryByRole('textbox', { name: /Number of days/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Total €35.96 (without VAT €29, VAT €6.96)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('The company has no active vacancy')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Order and pay' }));
    expect(await within(dialog).findByText('Invoice 2026-000011 · total €35.96')).toBeInTheDocument();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(await sent[0]?.json()).toEqual({ productCodes: ['CV_BASE_7_DAYS_WITH_VACANCY'] });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

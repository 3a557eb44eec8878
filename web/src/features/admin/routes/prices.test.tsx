import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Prices, loader } from './prices';

const routes = [{ path: 'admin/prices', element: <Prices /> }];

const vacancy = {
  code: 'VACANCY',
  labelEt: 'Töökuulutus kuni 30 päeva',
  labelEn: 'Vacancy up to 30 days',
  labelRu: 'Вакансия до 30 дней',
  descriptionEt: '',
  descriptionEn: '',
  descriptionRu: '',
  priceCents: 2900,
  vatRateBp: 2400,
  isActive: true,
  serviceType: 'VACANCY',
  unit: 'ITEM',
  validFrom: '2023-12-01',
};
const promo = { ...vacancy, code: 'ADDITIONAL_PROMO', labelEn: 'Additional promotion', priceCents: 1550, isActive: false };
const page = { content: [vacancy, promo], totalElements: 2, totalPages: 1, page: 0, size: 50 };

describe('the price list screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the products with price, VAT, validity and whether they are on sale, 50 a page', async () => {
    const calls = fakeApi({ 'GET /api/admin/product': { body: page } });
    await loader();
    await renderRoutes('/en/admin/prices', routes);

    const row = (await screen.findByText('Vacancy up to 30 days')).closest('tr')!;
    expect(within(row).getByText('€29')).toBeInTheDocument();
    expect(within(row).getByText('24 %')).toBeInTheDocument();
    expect(within(row).getByText('01.12.2023')).toBeInTheDocument();
    expect(within(row).getByText('On sale')).toBeInTheDocument();
    const off = screen.getByText('Additional promotion').closest('tr')!;
    expect(within(off).getByText('€15.50')).toBeInTheDocument();
    expect(within(off).getByText('Not on sale')).toBeInTheDocument();
    expect(new URL(calls[0].url).searchParams.toString()).toBe('page=0&size=50');
  });

  it('saves a new price in cents and shows the server refusing a field on that field', async () => {
    const calls = fakeApi({
      'GET /api/admin/product': { body: page },
      'PUT /api/admin/product': { status: 400, body: { message: 'At most 200 characters', code: 'validation', field: 'labelRu' } },
    });
    await loader();
    const user = userEvent.setup();
    await renderRoutes('/en/admin/prices', routes);

    await user.click(await screen.findByRole('button', { name: 'Edit Vacancy up to 30 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product VACANCY' });
    const price = within(dialog).getByRole('textbox', { name: /^Price/ });
    await user.clear(price);
    await user.type(price, '35.5');
    const english = within(dialog).getByRole('textbox', { name: /^Name in English/ });
    await user.clear(english);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(english, 'Job ad');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 200 characters')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(await put.json()).toMatchObject({ code: 'VACANCY', labelEn: 'Job ad', priceCents: 3550, vatRateBp: 2400, isActive: true });
  });
});

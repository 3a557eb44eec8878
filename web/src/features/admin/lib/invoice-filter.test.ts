import { describe, expect, it } from 'vitest';

import { readInvoiceFilter, withInvoiceFilter, writeInvoiceFilter } from './invoice-filter';

describe('the invoice filter in the URL', () => {
  it('reads what it writes and leaves the defaults out', () => {
    const filter = { status: 'PAID' as const, company: 'Köök', from: '2026-01-01', to: '2026-01-31', page: 2 };
    const params = writeInvoiceFilter(filter);
    expect(params.toString()).toBe('status=PAID&company=K%C3%B6%C3%B6k&from=2026-01-01&to=2026-01-31&page=2');
    expect(readInvoiceFilter(params)).toEqual(filter);
    expect(writeInvoiceFilter({ status: null, company: ' ', from: null, to: null, page: 0 }).toString()).toBe('');
  });

  it('takes anything unreadable as the default', () => {
    expect(readInvoiceFilter(new URLSearchParams('status=LOST&from=yesterday&page=-1'))).toEqual({
      status: null,
      company: '',
      from: null,
      to: null,
      page: 0,
    });
  });

  it('starts a changed filter on the first page', () => {
    const filter = readInvoiceFilter(new URLSearchParams('page=3'));
    expect(withInvoiceFilter(filter, { status: 'UNPAID' })).toMatchObject({ status: 'UNPAID', page: 0 });
  });
});

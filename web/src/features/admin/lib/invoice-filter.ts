export const INVOICE_STATUSES = ['UNPAID', 'PAID', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The administrators' invoice filter as the URL keeps it; defaults are left out of the URL. */
export interface InvoiceFilter {
  status: InvoiceStatus | null;
  /** Part of the buyer's name or the start of its registry code. */
  company: string;
  /** Issue days, ISO dates. */
  from: string | null;
  to: string | null;
  /** Zero-based. */
  page: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isoDate(value: string | null): string | null {
  return value && ISO_DATE.test(value) ? value : null;
}

/** `?status=&company=&from=&to=&page=`; anything unreadable is the default. */
export function readInvoiceFilter(params: URLSearchParams): InvoiceFilter {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: INVOICE_STATUSES.find((value) => value === status) ?? null,
    company: (params.get('company') ?? '').trim(),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

/** The URL of `filter`; the other parameters of `base` (the list's sorting) stay. */
export function writeInvoiceFilter(filter: InvoiceFilter, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['status', 'company', 'from', 'to', 'page']) params.delete(key);
  if (filter.status) params.set('status', filter.status);
  if (filter.company.trim()) params.set('company', filter.company.trim());
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.page > 0) params.set('page', String(filter.page));
  return params;
}

/** A changed filter starts again on the first page. */
export function withInvoiceFilter(filter: InvoiceFilter, change: Partial<Omit<InvoiceFilter, 'page'>>): InvoiceFilter {
  return { ...filter, ...change, page: 0 };
}

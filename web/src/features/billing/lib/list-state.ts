import type { InvoiceStatus } from '@/shared/billing/api/types';

/** The tabs of my invoices: every invoice, or those of one status. */
export type Tab = 'all' | 'unpaid' | 'paid' | 'cancelled';
export const TABS: readonly Tab[] = ['all', 'unpaid', 'paid', 'cancelled'];

/** The status `GET /api/user/invoices/my` filters by for a tab (none for all). */
export const STATUS_OF_TAB: Record<Tab, InvoiceStatus | undefined> = { all: undefined, unpaid: 'UNPAID', paid: 'PAID', cancelled: 'CANCELLED' };

export type Sort = 'date' | 'status';
export const SORTS: readonly Sort[] = ['date', 'status'];
export type Order = 'asc' | 'desc';
export const ORDERS: readonly Order[] = ['desc', 'asc'];

/** The list's state in the URL: tab, sort, order, zero-based page and the invoice opened. */
export interface ListState {
  tab: Tab;
  sort: Sort;
  order: Order;
  page: number;
  /** The invoice whose detail is open, if any. */
  invoice: string | null;
}

export const DEFAULT_STATE: ListState = { tab: 'all', sort: 'date', order: 'desc', page: 0, invoice: null };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** Reads `?tab=&sort=&order=&page=&invoice=`; a missing or unknown value is the default. */
export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  return {
    tab: oneOf(TABS, params.get('tab'), DEFAULT_STATE.tab),
    sort: oneOf(SORTS, params.get('sort'), DEFAULT_STATE.sort),
    order: oneOf(ORDERS, params.get('order'), DEFAULT_STATE.order),
    page: Number.isInteger(page) && page > 0 ? page : DEFAULT_STATE.page,
    invoice: params.get('invoice') || null,
  };
}

/** The query string of a state, leaving the defaults out. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== DEFAULT_STATE.tab) params.set('tab', state.tab);
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_STATE.order) params.set('order', state.order);
  if (state.page > 0) params.set('page', String(state.page));
  if (state.invoice) params.set('invoice', state.invoice);
  return params;
}

/** A change of tab, sort or order starts again from the first page. */
export function withFilter(state: ListState, change: Partial<Pick<ListState, 'tab' | 'sort' | 'order'>>): ListState {
  return { ...state, ...change, page: 0 };
}

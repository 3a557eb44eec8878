import type { SortField } from '@/shared/lib/sorting';

/** The fields `GET /api/admin/employers` and `/api/admin/applicant` sort by, the default first. */
export const PEOPLE_SORTS = [
  { field: 'created', order: 'desc' },
  { field: 'modified', order: 'desc' },
  { field: 'lastLogin', order: 'desc' },
  { field: 'email', order: 'asc' },
  { field: 'name', order: 'asc' },
] as const satisfies readonly SortField[];
export type PeopleSort = (typeof PEOPLE_SORTS)[number]['field'];

/** The fields `GET /api/admin/company/{countryCode}` sorts by. */
export const COMPANY_SORTS = [
  { field: 'created', order: 'desc' },
  { field: 'modified', order: 'desc' },
  { field: 'name', order: 'asc' },
  { field: 'registryCode', order: 'asc' },
  { field: 'activeVacancies', order: 'desc' },
] as const satisfies readonly SortField[];
export type CompanySort = (typeof COMPANY_SORTS)[number]['field'];

/** The fields `GET /api/admin/invoice` sorts by (spec 2: "Invoice sort is by date or status"). */
export const INVOICE_SORTS = [
  { field: 'date', order: 'desc' },
  { field: 'status', order: 'desc' },
] as const satisfies readonly SortField[];
export type InvoiceSort = (typeof INVOICE_SORTS)[number]['field'];

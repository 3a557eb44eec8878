/**
 * Query keys of what paying and buying change. Every invoice list, detail and the services start
 * with these, so creating, paying or cancelling an invoice reads them all again.
 */
export const INVOICES_KEY = ['invoices'] as const;
export const SERVICES_KEY = ['services'] as const;

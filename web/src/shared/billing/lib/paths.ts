/** Paths below the language of the billing screens. */
export const EMPLOYER_INVOICES = '/employer/account/my-invoices';
export const EMPLOYER_SERVICES = '/employer/account/my-services';
export const APPLICANT_SERVICES = '/account/my-services';

/** An invoice opened in my invoices (its detail drawer). */
export const invoicePath = (id: string) => `${EMPLOYER_INVOICES}?invoice=${encodeURIComponent(id)}`;

/** Paths below the language of the billing screens. */
export const EMPLOYER_INVOICES = '/employer/account/my-invoices';
export const EMPLOYER_SERVICES = '/employer/account/my-services';
export const APPLICANT_SERVICES = '/account/my-services';
export const APPLICANT_INVOICES = '/account/my-invoices';

/** An invoice opened in the employer's or the applicant's invoices (its detail drawer). */
export const invoicePath = (id: string, employer: boolean) =>
  `${employer ? EMPLOYER_INVOICES : APPLICANT_INVOICES}?invoice=${encodeURIComponent(id)}`;

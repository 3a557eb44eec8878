/** Billing's types: the server's own (`npm run api:types`). */
import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];

export type ProductOffer = Schemas['ProductOffer'];
export type ProductGroup = Schemas['ProductGroup'];
export type CvBaseOffer = Schemas['CvBaseOffer'];
export type CreateInvoice = Schemas['CreateInvoice'];
export type Invoice = Schemas['Invoice'];
export type InvoiceListItem = Schemas['InvoiceListItem'];
export type InvoicePage = Schemas['InvoicePage'];
export type InvoiceStatus = Schemas['InvoiceStatus'];
export type InvoicePayment = Schemas['InvoicePayment'];
export type BankDetails = Schemas['BankDetails'];
export type PaymentMethodCode = Schemas['PaymentMethodCode'];
export type PaymentMethodInfo = Schemas['PaymentMethodInfo'];
export type PaymentStart = Schemas['PaymentStart'];
export type PaymentState = Schemas['PaymentState'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type ServiceItem = Schemas['ServiceItem'];
export type ServiceStatus = Schemas['ServiceStatus'];

/** What the pay dialog needs to know of an invoice: a list row, a created invoice or a detail. */
export type PayableInvoice = Pick<InvoiceListItem, 'id' | 'number' | 'sumCents' | 'status'>;

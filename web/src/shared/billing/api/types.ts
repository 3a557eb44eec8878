/**
 * Billing's types: the server's own (`npm run api:types`), read off the calls that answer them, so
 * they hold whatever the server names its schemas.
 */
import type { paths } from '@/shared/api/schema';

/** The JSON a call answers with on success (200, else 201). */
type Answer<Call> = Call extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : Call extends { responses: { 201: { content: { 'application/json': infer Body } } } }
    ? Body
    : never;

export type ProductOffer = Answer<paths['/api/employer/products']['get']>[number];
export type ProductGroup = ProductOffer['group'];
export type CvBaseOffer = Answer<paths['/api/employer/products/cv-base']['get']>;
/** The body of `POST /api/user/invoices`. */
export type CreateInvoice = NonNullable<paths['/api/user/invoices']['post']['requestBody']>['content']['application/json'];
export type Invoice = Answer<paths['/api/user/invoices/{id}']['get']>;
export type InvoicePage = Answer<paths['/api/user/invoices/my']['get']>;
export type InvoiceListItem = InvoicePage['content'][number];
export type InvoicePayment = Invoice['payments'][number];
/** An invoice's status (spec 1 section 4). */
export type InvoiceStatus = 'UNPAID' | 'PAID' | 'CANCELLED';
export type PaymentMethodInfo = Answer<paths['/api/payment/payment-methods']['get']>[number];
export type PaymentMethodCode = PaymentMethodInfo['code'];
export type PaymentStart = Answer<paths['/api/user/invoices/{id}']['post']>;
export type BankDetails = NonNullable<PaymentStart['bank']>;
export type PaymentStatus = Answer<paths['/api/employer/payment/{id}']['get']>;
export type ServiceItem = Answer<paths['/api/employer/services']['get']>[number];
export type ServiceStatus = ServiceItem['status'];

/** What the pay dialog needs to know of an invoice: a list row, a created invoice or a detail. */
export type PayableInvoice = Pick<InvoiceListItem, 'id' | 'number' | 'sumCents' | 'status' | 'currency'>;

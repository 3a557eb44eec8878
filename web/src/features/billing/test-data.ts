/** Answers of the billing calls for the screens' tests. */
import type { CvBaseOffer, Invoice, InvoiceListItem, InvoicePage, PaymentMethodInfo, ProductOffer, ServiceItem } from '@/shared/billing/api/types';

export const unpaid: InvoiceListItem = {
  id: 'i-unpaid',
  number: '2026-000007',
  date: '2026-11-02',
  expirationDate: '2026-11-16',
  status: 'UNPAID',
  sumCents: 3596,
  subtotalCents: 2900,
  vatCents: 696,
  referenceNumber: '20260000072',
  overdue: false,
  paidAt: null,
  currency: 'EUR',
};
export const overdue: InvoiceListItem = { ...unpaid, id: 'i-overdue', number: '2026-000003', date: '2026-10-01', expirationDate: '2026-10-15', referenceNumber: '20260000030', overdue: true };
export const paid: InvoiceListItem = { ...unpaid, id: 'i-paid', number: '2026-000005', status: 'PAID', sumCents: 12400, paidAt: '2026-11-03T10:00:00Z' };

export const invoicePage = (content: InvoiceListItem[], change: Partial<InvoicePage> = {}): InvoicePage => ({
  content,
  totalElements: content.length,
  totalPages: content.length ? 1 : 0,
  page: 0,
  size: 20,
  ...change,
});

export const bank = { recipient: 'Vakants OÜ', iban: 'EE382200221020145685', bankName: 'Swedbank', bic: 'HABAEE2X' };

export const detail: Invoice = {
  ...unpaid,
  buyer: { name: 'Tartu Näidisehitus AS', registryCode: '10000002', address: 'Riia 1, Tartu', email: 'arved@naidisehitus.ee' },
  lines: [{ code: 'VACANCY', description: 'Töökuulutus 30 päeva', quantity: 1, unitPriceCents: 2900, discount: 0, netCents: 2900, vatRateBp: 2400, vatCents: 696 }],
  bank,
  vacancyId: 'v-cook',
  payments: [{ id: 'p-1', method: 'CARD', status: 'FAILED', amountCents: 3596, receivedAt: '2026-11-02T12:00:00Z' }],
};

export const methods: PaymentMethodInfo[] = [
  { code: 'INVOICE', online: false, label: 'Invoice', description: 'Pay later by the mailed invoice', needs: [] },
  { code: 'BANK_TRANSFER', online: false, label: 'Bank transfer', description: 'Transfer now quoting the reference number', needs: ['referenceNumber'] },
  { code: 'CARD', online: true, label: 'Card', description: 'Visa or Mastercard', needs: [] },
  { code: 'BLIK', online: true, label: 'BLIK', description: 'BLIK code', needs: [] },
];

const offer = (change: Partial<ProductOffer>): ProductOffer => ({
  code: 'X',
  label: 'X',
  description: '',
  group: 'OTHER',
  unit: 'ITEM',
  listPriceCents: 2900,
  priceCents: 2900,
  discount: 0,
  vatRateBp: 2400,
  ...change,
});

export const cvOffer: CvBaseOffer = {
  perDay: offer({ code: 'CV_BASE_DAY', label: 'CV database, 1 day', group: 'CV_BASE_DAY', unit: 'DAY' }),
  withVacancy: offer({ code: 'CV_BASE_7_DAYS_WITH_VACANCY', label: 'CV database 7 days with a vacancy', group: 'CV_BASE', cvBaseDays: 7 }),
  maxDays: 365,
  access: { active: false, endsAt: null },
};

export const products: ProductOffer[] = [
  offer({ code: 'VACANCY', label: 'Vacancy 30 days', group: 'VACANCY' }),
  offer({ code: 'BRANDING', label: 'Branding', group: 'BRANDING' }),
  offer({ code: 'BASIC', label: 'BASIC', group: 'PACKAGE', listPriceCents: 19900, priceCents: 19900, proLevel: 1 }),
  offer({ code: 'PRO_1', label: 'PRO 1', group: 'PRO', listPriceCents: 500, priceCents: 500, proLevel: 1 }),
  offer({ code: 'PRO_3', label: 'PRO 3', group: 'PRO', listPriceCents: 1400, priceCents: 1400, proLevel: 3 }),
  offer({ code: 'PROMO_7', label: 'Promotion 7 days', group: 'PROMOTION', listPriceCents: 1000, priceCents: 1000, promoDays: 7 }),
  cvOffer.perDay,
];

export const services: ServiceItem[] = [
  { id: 's-1', productCode: 'VACANCY', label: 'Vacancy 30 days', type: 'VACANCY', status: 'ACTIVE', quantity: 1, startsAt: '2026-11-02T08:00:00Z', endsAt: '2026-12-02T08:00:00Z', vacancyId: 'v-cook', vacancyTitle: 'Cook', invoiceId: 'i-paid', invoiceNumber: '2026-000005' },
  { id: 's-2', productCode: 'CV_BASE_DAY', label: 'CV database, 1 day', type: 'CV', status: 'UNPAID', quantity: 3, startsAt: null, endsAt: null, vacancyId: null, vacancyTitle: null, invoiceId: 'i-unpaid', invoiceNumber: '2026-000007' },
  { id: 's-3', productCode: 'BRANDING', label: 'Branding', type: 'VACANCY', status: 'FINISHED', quantity: 1, startsAt: '2026-09-01T08:00:00Z', endsAt: '2026-10-01T08:00:00Z', vacancyId: 'v-old', vacancyTitle: null, invoiceId: 'i-old', invoiceNumber: '2026-000001' },
];

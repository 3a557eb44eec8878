import { describe, expect, it } from 'vitest';

import type { UserNotification } from '../api/get-notifications';
import { notificationPath } from './link';

const base: UserNotification = {
  id: 'n-1',
  kind: 'APPLICATION_RECEIVED',
  createdAt: '2026-11-29T08:00:00Z',
  read: false,
  forCompany: true,
};

describe('the link of a notification', () => {
  it('leads an employer to the candidate, the chat, the interviews and the invoice', () => {
    expect(notificationPath({ ...base, vacancyId: 'v-1', applicationId: 'a-1' })).toBe('/employer/account/my-vacancies/v-1/candidates/a-1');
    expect(notificationPath({ ...base, kind: 'MESSAGE_RECEIVED', chatId: 'c-1' })).toBe('/employer/account/messages?chat=c-1');
    expect(notificationPath({ ...base, kind: 'INTERVIEW_ACCEPTED', interviewId: 'i-1' })).toBe('/employer/account/my-interviews');
    expect(notificationPath({ ...base, kind: 'INVOICE_DUE', invoiceId: 'inv-1' })).toBe('/employer/account/my-invoices?invoice=inv-1');
  });

  it('leads an applicant to their own screens, a matched vacancy and a declined claim’s company', () => {
    const own = { ...base, forCompany: false };
    expect(notificationPath({ ...own, kind: 'MESSAGE_RECEIVED', chatId: 'c-1' })).toBe('/account/messages?chat=c-1');
    expect(notificationPath({ ...own, kind: 'INTERVIEW_INVITED', interviewId: 'i-1' })).toBe('/account/my-interviews');
    expect(notificationPath({ ...own, kind: 'INVOICE_PAID', invoiceId: 'inv-2' })).toBe('/account/my-invoices?invoice=inv-2');
    expect(notificationPath({ ...own, kind: 'ALERT_MATCH', vacancyId: 'v-9' })).toBe('/vacancies/v-9');
    expect(notificationPath({ ...own, kind: 'CLAIM_REJECTED', countryCode: 'EE', registryCode: '12345678' })).toBe('/companies/EE/12345678');
    expect(notificationPath({ ...own, kind: 'CLAIM_APPROVED' })).toBe('/employer/account/my-company');
  });

  it('falls back to home for a kind it does not know', () => {
    expect(notificationPath({ ...base, kind: 'SOMETHING_NEW' })).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';

import type { EmployerVacancy } from '../api/get-my-vacancies';
import { leadingDate, openInvoice } from './format';

const vacancy = (change: Partial<EmployerVacancy>): EmployerVacancy => ({
  id: 'v1',
  occupationLabel: 'Cook',
  type: 'DEFAULT',
  status: 'EXISTS',
  displayedState: 'ACTIVE',
  publishAt: '2026-11-01T08:00:00Z',
  validUntil: '2026-12-01T08:00:00Z',
  createdAt: '2026-10-30T08:00:00Z',
  updatedAt: '2026-10-31T08:00:00Z',
  applicationsCount: 0,
  moderator: null,
  review: { status: 'NONE', reason: null },
  ...change,
});
const invoice = { id: 'i1', number: '2026-000007', referenceNumber: '20260000072', status: 'UNPAID', subtotalCents: 10000, vatCents: 2400, totalCents: 12400, issuedOn: '2026-11-02', dueOn: '2026-11-16', currency: 'EUR' };

describe('the leading date of a row', () => {
  it('gives a draft and the CV-database vacancy their last change', () => {
    expect(leadingDate(vacancy({ displayedState: 'DRAFT', publishAt: '2026-12-01T08:00:00Z' }))).toEqual({ key: 'changedOn', at: '2026-10-31T08:00:00Z' });
    expect(leadingDate(vacancy({ displayedState: 'CV_DATABASE' })).key).toBe('changedOn');
  });

  it('gives a vacancy waiting for publication the time it goes live, the others their publication', () => {
    expect(leadingDate(vacancy({ displayedState: 'WAITING_FOR_PUBLICATION' }))).toEqual({ key: 'publishesOn', at: '2026-11-01T08:00:00Z' });
    expect(leadingDate(vacancy({ displayedState: 'FINISHED' }))).toEqual({ key: 'publishedOn', at: '2026-11-01T08:00:00Z' });
    expect(leadingDate(vacancy({ displayedState: 'ACTIVE', publishAt: null })).key).toBe('changedOn');
  });
});

describe('the invoice of a row', () => {
  it('shows the unpaid invoice of a vacancy waiting for payment only', () => {
    expect(openInvoice(vacancy({ displayedState: 'WAITING_FOR_PAYMENT', invoice }))).toEqual(invoice);
    expect(openInvoice(vacancy({ displayedState: 'WAITING_FOR_PAYMENT' }))).toBeNull();
    expect(openInvoice(vacancy({ displayedState: 'ACTIVE', invoice: { ...invoice, status: 'PAID' } }))).toBeNull();
    expect(openInvoice(vacancy({ displayedState: 'ACTIVE', invoice }))).toBeNull();
  });
});

import type { EmployerVacancy } from '../api/get-my-vacancies';

/**
 * The date a row leads with, as a text key of the area and the ISO time: a draft (and the
 * CV-database vacancy, which is never published) when it last changed, a vacancy waiting for
 * publication when it goes live, any other when it was published.
 */
export function leadingDate(vacancy: EmployerVacancy): { key: 'changedOn' | 'publishesOn' | 'publishedOn'; at: string } {
  switch (vacancy.displayedState) {
    case 'DRAFT':
    case 'CV_DATABASE':
      return { key: 'changedOn', at: vacancy.updatedAt };
    case 'WAITING_FOR_PUBLICATION':
      return vacancy.publishAt ? { key: 'publishesOn', at: vacancy.publishAt } : { key: 'changedOn', at: vacancy.updatedAt };
    default:
      return vacancy.publishAt ? { key: 'publishedOn', at: vacancy.publishAt } : { key: 'changedOn', at: vacancy.updatedAt };
  }
}

/** The invoice a row shows: the open order's, while the vacancy waits for its payment. */
export function openInvoice(vacancy: EmployerVacancy) {
  return vacancy.displayedState === 'WAITING_FOR_PAYMENT' && vacancy.invoice?.status === 'UNPAID' ? vacancy.invoice : null;
}

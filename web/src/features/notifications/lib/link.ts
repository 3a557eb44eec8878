import type { UserNotification } from '../api/get-notifications';

/**
 * The screen (below the language) of a notification's object: for a company's notification the
 * employer's screens, for the user's own the applicant's (or, for a claim, the company page).
 */
export function notificationPath(notification: UserNotification): string {
  const { kind, forCompany } = notification;
  const id = (value: string | null | undefined) => encodeURIComponent(value ?? '');
  switch (kind) {
    case 'APPLICATION_RECEIVED':
      return notification.vacancyId && notification.applicationId
        ? `/employer/account/my-vacancies/${id(notification.vacancyId)}/candidates/${id(notification.applicationId)}`
        : '/employer/account/my-vacancies';
    case 'MESSAGE_RECEIVED':
      return `${forCompany ? '/employer/account/messages' : '/account/messages'}?chat=${id(notification.chatId)}`;
    case 'INTERVIEW_INVITED':
    case 'INTERVIEW_ACCEPTED':
    case 'INTERVIEW_CANCELED':
      return forCompany ? '/employer/account/my-interviews' : '/account/my-interviews';
    case 'INVOICE_DUE':
    case 'INVOICE_PAID':
      return `${forCompany ? '/employer/account/my-invoices' : '/account/my-invoices'}?invoice=${id(notification.invoiceId)}`;
    case 'CLAIM_APPROVED':
      return '/employer/account/my-company';
    case 'CLAIM_REJECTED':
      return notification.registryCode ? `/companies/${id(notification.countryCode ?? 'EE')}/${id(notification.registryCode)}` : '/';
    case 'ALERT_MATCH':
      return notification.vacancyId ? `/vacancies/${id(notification.vacancyId)}` : '/account/my-alerts';
    default:
      return '/';
  }
}

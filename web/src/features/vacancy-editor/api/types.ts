/** The vacancy editor's types: the server's own (`npm run api:types`). */
import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];

export type ContentLanguage = 'et' | 'en' | 'ru';
/** The editable document: the body of create and PUT, and the fields of the GET answer. */
export type VacancyDocument = Schemas['VacancyDocument'];
/** The GET answer (also of create, PUT and copy): the document and what only the server sets. */
export type EmployerVacancyDetail = Schemas['EmployerVacancyDetail'];
export type DisplayedState = Schemas['Displayed'];
export type InvoiceSummary = Schemas['InvoiceSummary'];
export type VacancyProductOffer = Schemas['ProductOffer'];
export type OrderQuote = Schemas['OrderQuote'];
/** The list row `PUT /vacancies/{id}/status` answers, with its latest order's invoice. */
export type StatusAnswer = Schemas['EmployerVacancy'];

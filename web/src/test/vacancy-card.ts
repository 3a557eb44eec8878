import type { VacancyListItem } from '@/shared/vacancies/api';

/** A vacancy as a list's card (`VacancyListItem`), titled the same in every language. */
export function vacancyCard(vacancyId: string, title: string, businessName = 'Eesti Toit OÜ'): VacancyListItem {
  return {
    vacancyId,
    occupation: { labels: { et: title, en: title, ru: title } },
    businessName,
    company: { countryCode: 'EE', registryCode: '10746918' },
    address: 'Harju maakond, Tallinn',
    companyLogo: null,
    salaryFrom: 1200,
    salaryTo: 1700,
    salaryPeriod: { periodType: 'MONTH', label: 'per month' },
    byAgreement: false,
    premiumStatus: 0,
    new: false,
    cvNotRequired: false,
    isFavorite: false,
    isBranded: false,
    publishDate: '2026-11-01T10:00:00Z',
    validUntil: '2026-12-30T10:00:00Z',
    teasers: [{ languageCode: 'en', content: 'We are hiring' }],
    forStudents: false,
    forUnderage: false,
    forDisabled: false,
    forRetired: false,
    forForeigners: false,
    remoteWork: false,
    shiftWork: false,
  } as VacancyListItem;
}

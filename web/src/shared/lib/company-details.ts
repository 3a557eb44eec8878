/** The operator's fixed details shown on the contacts page and in the footer. */
export const COMPANY_DETAILS = {
  legalName: 'Vakants OÜ',
  registryCode: '16873512',
  vatNumber: 'EE102785914',
  bankAccount: 'EE421010220287654018 (SEB Pank)',
  supportPhone: '+372 640 7070',
  officeEmail: 'info@vakants.ee',
  address: 'Narva mnt 7, 10117 Tallinn',
} as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', url: 'https://www.facebook.com/vakants.ee' },
  { name: 'Instagram', url: 'https://www.instagram.com/vakants.ee' },
  { name: 'LinkedIn', url: 'https://www.linkedin.com/company/vakants' },
] as const;

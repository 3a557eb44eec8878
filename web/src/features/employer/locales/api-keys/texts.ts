import type { NamespaceLoaders } from '@/shared/i18n';

/** The API keys tab's texts, apart from the page's so that the tab keeps to its own files. */
export const API_KEYS = 'my-company-api-keys';

export const apiKeysTexts: NamespaceLoaders = {
  et: () => import('./et.json'),
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

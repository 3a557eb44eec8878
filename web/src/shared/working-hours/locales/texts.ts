import type { NamespaceLoaders } from '@/shared/i18n';

/** The working-hours editor's texts (weekdays, from, to, save). */
export const NAMESPACE = 'working-hours';

export const texts: NamespaceLoaders = {
  et: () => import('./et.json'),
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

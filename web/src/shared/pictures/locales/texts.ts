import type { NamespaceLoaders } from '@/shared/i18n';

/** The picture and gallery fields' texts (upload, replace, remove, order, problems). */
export const NAMESPACE = 'pictures';

export const texts: NamespaceLoaders = {
  et: () => import('./et.json'),
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

import type { NamespaceLoaders } from '@/shared/i18n';

export const NAMESPACE = 'notifications';

export const texts: NamespaceLoaders = {
  et: () => import('./et.json'),
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

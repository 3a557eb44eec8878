import type { NamespaceLoaders } from '@/shared/i18n';

export const NAMESPACE = 'moderation';

export const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

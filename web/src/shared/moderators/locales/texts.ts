import type { NamespaceLoaders } from '@/shared/i18n';

/** The moderator's texts (a vacancy delegated to a staff member), shared by the vacancy list and the editor. */
export const NAMESPACE = 'moderators';

export const texts: NamespaceLoaders = {
  et: () => import('./et.json'),
  en: () => import('./en.json'),
  ru: () => import('./ru.json'),
};

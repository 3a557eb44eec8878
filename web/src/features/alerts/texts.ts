import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/** The alerts' own texts (`useTranslation('alerts')`), loaded with their screens and the save button. */
export const NAMESPACE = 'alerts';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

/** The route loader of every screen of the area. */
export const loadTexts = () => ensureNamespace(NAMESPACE, texts);

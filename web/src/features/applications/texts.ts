import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/** The applications area's own texts (`useTranslation('applications')`), loaded with its screens. */
export const NAMESPACE = 'applications';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

/** The route loader of every screen of the area. */
export const loadTexts = () => ensureNamespace(NAMESPACE, texts);

import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/** The employer's vacancy screens' own texts (`useTranslation('employerVacancies')`), loaded with them. */
export const NAMESPACE = 'employerVacancies';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

/** The route loader of every screen of the area. */
export const loadTexts = () => ensureNamespace(NAMESPACE, texts);

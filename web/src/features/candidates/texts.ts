import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/** The candidate screens' own texts (`useTranslation('candidates')`), loaded with them. */
export const NAMESPACE = 'candidates';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

export const loadTexts = async () => {
  await ensureNamespace(NAMESPACE, texts);
  return null;
};

import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/** The courses and outsource market screens' texts (`useTranslation('market')`). */
export const NAMESPACE = 'market';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

export const loadTexts = async () => {
  await ensureNamespace(NAMESPACE, texts);
  return null;
};

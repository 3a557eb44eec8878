import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/**
 * The texts of "vacancies for you" (`useTranslation('recommendations')`), which the home page and
 * the applicant's profile both show; loaded with the section, so visitors never download them.
 */
export const RECOMMENDATIONS_NAMESPACE = 'recommendations';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

export const loadRecommendationTexts = () => ensureNamespace(RECOMMENDATIONS_NAMESPACE, texts);

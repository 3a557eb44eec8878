import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/** The texts of "Report this ad" (`useTranslation('report')`), loaded with the vacancy page. */
export const REPORT_NAMESPACE = 'report';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

export const loadReportTexts = () => ensureNamespace(REPORT_NAMESPACE, texts);

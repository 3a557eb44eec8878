import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';
import { NAMESPACE as MODERATORS, texts as moderatorTexts } from '@/shared/moderators/locales/texts';

/** The employer's vacancy screens' own texts (`useTranslation('employerVacancies')`), loaded with them. */
export const NAMESPACE = 'employerVacancies';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

/** The route loader of every screen of the area: its texts and those of the billing and moderator dialogs it opens. */
export const loadTexts = async () => {
  await Promise.all([ensureNamespace(NAMESPACE, texts), ensureNamespace(MODERATORS, moderatorTexts), loadBillingTexts()]);
  return null;
};

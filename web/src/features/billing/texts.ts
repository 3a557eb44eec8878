import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/** The invoices, services and payment screens' own texts (`useTranslation('billingScreens')`). */
export const NAMESPACE = 'billingScreens';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

/** The route loader of every screen of the area: its texts and the shared pay dialog's. */
export const loadTexts = async () => {
  await Promise.all([ensureNamespace(NAMESPACE, texts), loadBillingTexts()]);
  return null;
};

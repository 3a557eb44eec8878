import { ensureNamespace, type NamespaceLoaders } from '@/shared/i18n';

/**
 * The texts of paying and buying (`useTranslation('billing')`): the pay dialog, the bank details and
 * the buy dialogs, which the invoices, services and vacancy screens share. Loaded by their loaders.
 */
export const BILLING_NAMESPACE = 'billing';

const texts: NamespaceLoaders = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

export const loadBillingTexts = () => ensureNamespace(BILLING_NAMESPACE, texts);

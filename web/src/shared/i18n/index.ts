import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { FALLBACK_LANGUAGE, type Language, setCurrentLanguage } from './languages';

type Resource = Record<string, unknown>;

/** Each language is its own chunk: a page loads only the translations it shows. */
const loaders: Record<Language, () => Promise<{ default: Resource }>> = {
  et: () => import('./locales/et.json'),
  en: () => import('./locales/en.json'),
  ru: () => import('./locales/ru.json'),
};

void i18n.use(initReactI18next).init({
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  resources: {},
});

export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: resource } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', resource, true, true);
}

/** Makes `language` the interface language: translations, API calls and the page's lang. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  setCurrentLanguage(language);
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export { i18n };

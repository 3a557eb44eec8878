import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { currentLanguage, FALLBACK_LANGUAGE, type Language, setCurrentLanguage } from './languages';

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

export type NamespaceLoaders = Record<Language, () => Promise<{ default: Resource }>>;

/**
 * Areas keep their texts in namespaces of their own (`features/<area>/locales/{et,en,ru}.json`),
 * loaded with the area's first screen, so the public pages never download them.
 */
const namespaces = new Map<string, NamespaceLoaders>();

async function loadBundle(language: Language, namespace: string, load: () => Promise<{ default: Resource }>) {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const { default: resource } = await load();
  i18n.addResourceBundle(language, namespace, resource, true, true);
}

export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([
    loadBundle(language, 'translation', loaders[language]),
    ...[...namespaces].map(([namespace, load]) => loadBundle(language, namespace, load[language])),
  ]);
  // the fallback language fills keys a namespace may lack in another language
  if (language !== FALLBACK_LANGUAGE) {
    await Promise.all([...namespaces].map(([namespace, load]) => loadBundle(FALLBACK_LANGUAGE, namespace, load[FALLBACK_LANGUAGE])));
  }
}

/** Registers an area's namespace and loads it for the current language (call from a route loader). */
export async function ensureNamespace(namespace: string, load: NamespaceLoaders): Promise<null> {
  namespaces.set(namespace, load);
  await loadLanguage(currentLanguage());
  return null;
}

/** Makes `language` the interface language: translations, API calls and the page's lang. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  setCurrentLanguage(language);
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export { i18n };

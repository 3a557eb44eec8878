import { useParams } from 'react-router';

import { FALLBACK_LANGUAGE, isLanguage, type Language, localized } from './languages';

/** The language of the current route (its first path segment). */
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : FALLBACK_LANGUAGE;
}

/** Builds links inside the current language: `to('/contacts')` is `/et/contacts`. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return (path: string) => localized(language, path);
}

export const LANGUAGES = ['et', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language named in itself, as a person looking for their own language reads it. */
export const LANGUAGE_NAMES: Record<Language, string> = { et: 'Eesti keel', en: 'English', ru: 'Русский' };
export const FALLBACK_LANGUAGE: Language = 'et';
export const LANGUAGE_STORAGE_KEY = 'selectedLocale';

let active: Language = FALLBACK_LANGUAGE;

export function isLanguage(value: string | undefined | null): value is Language {
  return !!value && (LANGUAGES as readonly string[]).includes(value);
}

export function currentLanguage(): Language {
  return active;
}

export function setCurrentLanguage(language: Language): void {
  active = language;
}

export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be disabled; the path still carries the language
  }
}

/** The same page in another language: only the first path segment changes. */
export function switchLanguagePath(pathname: string, language: Language): string {
  const segments = pathname.split('/');
  if (isLanguage(segments[1])) {
    segments[1] = language;
    return segments.join('/');
  }
  return `/${language}${pathname === '/' ? '/' : pathname}`;
}

/** A path inside the app in the given language: `localized('en', '/contacts')` is `/en/contacts`. */
export function localized(language: Language, path: string): string {
  if (path === '' || path === '/') return `/${language}/`;
  return `/${language}${path.startsWith('/') ? path : `/${path}`}`;
}

import { describe, expect, it } from 'vitest';

import { localized, switchLanguagePath } from './languages';

describe('switchLanguagePath', () => {
  it('replaces only the first path segment', () => {
    expect(switchLanguagePath('/et/faq-employers', 'en')).toBe('/en/faq-employers');
    expect(switchLanguagePath('/en/notifications/unsubscribe/et/ru', 'ru')).toBe('/ru/notifications/unsubscribe/et/ru');
    expect(switchLanguagePath('/ru/', 'et')).toBe('/et/');
  });

  it('puts a language in front of a path without one', () => {
    expect(switchLanguagePath('/', 'en')).toBe('/en/');
    expect(switchLanguagePath('/contacts', 'ru')).toBe('/ru/contacts');
  });
});

describe('localized', () => {
  it('builds paths inside a language', () => {
    expect(localized('en', '/')).toBe('/en/');
    expect(localized('et', '/account/profile')).toBe('/et/account/profile');
    expect(localized('ru', 'contacts')).toBe('/ru/contacts');
  });
});

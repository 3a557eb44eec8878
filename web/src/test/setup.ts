import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { i18n } from '@/shared/i18n';
import { FALLBACK_LANGUAGE, setCurrentLanguage } from '@/shared/i18n/languages';

afterEach(() => cleanup());

// Most test files share their worker's modules and document (`isolate: false`, vite.config.ts):
// each starts from what it would meet alone, whatever the file before it left behind — no
// toast shown or queued, the fallback language, empty storage.
beforeAll(async () => {
  notifications.clean();
  notifications.cleanQueue();
  setCurrentLanguage(FALLBACK_LANGUAGE);
  document.documentElement.lang = FALLBACK_LANGUAGE;
  if (i18n.language !== FALLBACK_LANGUAGE) await i18n.changeLanguage(FALLBACK_LANGUAGE);
  localStorage.clear();
  sessionStorage.clear();
});

// findBy*/waitFor wait up to 5 s rather than 1 s: on a loaded 2-core machine a lazy route's first
// render can take longer than a second, and a test must not fail for being slow (it still fails when
// the element never comes)
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs that jsdom lacks
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosizing textarea listens for web fonts to load
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

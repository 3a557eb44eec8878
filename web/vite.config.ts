/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { configDefaults } from 'vitest/config';

/**
 * The unit tests that replace a module (`vi.mock`, `vi.doMock`), as paths from this directory.
 * They run isolated (each file in a module graph and jsdom of its own, vitest's default); the
 * others share one per worker (`isolate: false`): setting up jsdom and importing Mantine, React
 * and the app again for each of ~150 files was two thirds of the suite's time (9 min on 2 cores).
 * A module mocked in a shared graph would meet the real module already imported by another file.
 */
function testsMockingModules(): string[] {
  const src = fileURLToPath(new URL('./src', import.meta.url));
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(mock|doMock)\(/.test(readFileSync(join(src, file), 'utf8')))
    .map((file) => `src/${file.split(sep).join('/')}`);
}
const MOCKING_TESTS = testsMockingModules();

/**
 * Scalar's API reference (the server's `/api/docs`, api/src/openapi.rs) as a file of the build:
 * `assets/scalar-api-reference-<version>.js`, served from the app's origin like the app's own
 * files, so that the docs load nothing from a CDN. The version is pinned in package.json.
 */
function apiReference(): Plugin {
  const root = new URL('./node_modules/@scalar/api-reference/', import.meta.url);
  return {
    name: 'vakants-api-reference',
    apply: 'build',
    generateBundle() {
      const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
      this.emitFile({
        type: 'asset',
        fileName: `assets/scalar-api-reference-${version}.js`,
        source: readFileSync(new URL('dist/browser/standalone.js', root)),
      });
    },
  };
}

const SEARCH_MODULES = /node_modules[\\/](react-instantsearch[^\\/]*|instantsearch[^\\/]*|algoliasearch-helper|search-insights|qs|htm|hogan\.js|side-channel[^\\/]*|object-inspect|get-intrinsic|call-bind[^\\/]*|call-bound|es-errors|function-bind|has-symbols|hasown|gopd|es-define-property|get-proto|dunder-proto|math-intrinsics|es-object-atoms)[\\/]|src[\\/]shared[\\/]vacancies[\\/](search-box|salary-connector|vacancy-search|instantsearch-state|search-widgets|search-client)\./;

// what the vacancy card and the vacancy and company pages share (not the home page's first screen)
const CARD_MODULES = [
  /@floating-ui[\\/]/,
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Tooltip|Grid|ActionIcon|List|Badge|Image|Floating|Avatar|Typography|Transition)[\\/]/,
  /@mantine[\\/]core[\\/]esm[\\/]core[\\/]utils[\\/]/,
  /@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useMutation|mutation|mutationObserver|queryOptions)\./,
  /src[\\/]shared[\\/](vacancies[\\/](vacancy-card|format|favourite|pager|pagination)|lib[\\/](initials|delta|money)|ui[\\/](use-desktop|page-param))\./,
];

// form controls: the search's filters and the account's forms
const FORM_MODULES = [
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Combobox|Select|MultiSelect|Input|InputBase|TextInput|NumberInput|Textarea|Checkbox|Modal|ModalBase|FocusTrap|ScrollArea|Portal|Overlay|Popover|CheckIcon|InlineInput|Pill|PillsInput|CloseButton|Chip)[\\/]/,
  /@mantine[\\/](core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]color-functions|hooks)[\\/]/,
  /node_modules[\\/](react-number-format|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|react-textarea-autosize)[\\/]/,
  /src[\\/]shared[\\/]vacancies[\\/](reference|search-employers|get-categories|search-vacancies)\./,
];

export default defineConfig({
  plugins: [
    react(),
    apiReference(),
    // every text file of the build also as `.br` (brotli, best quality) and `.gz`: the server sends
    // these as they are (api/src/web.rs, ServeDir's precompressed files) instead of compressing
    // the same immutable file again for every visitor whose browser has not kept it. Not
    // `index.html` (the server paints each page's head into it and compresses the answer) nor the
    // build's manifest (read by the server, never sent)
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|txt|xml|webmanifest)$/, skipIfLargerOrEqual: true }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // A few files per screen instead of dozens of tiny shared ones: on a slow link every extra
        // request of the first screen costs a round trip. The home page's first screen stays within
        // the initial-JS budget (scripts/check-budget.mjs) because none of these groups but the
        // first two is on its path.
        codeSplitting: {
          groups: [
            // the libraries every screen needs (React, the router, queries, translations) as one file
            { name: 'framework', test: /node_modules[\\/]/, tags: ['$initial'], priority: 4, includeDependenciesRecursively: false },
            // and our own modules the shell loads anyway (layout, session, API client, translations)
            // (not the entry itself: it waits for the first route with a top-level await, and a route
            // module that shared its chunk would wait for it in turn)
            { name: 'shell', test: (id) => /[\\/]src[\\/]/.test(id) && !/[\\/]src[\\/]main\.tsx$/.test(id), tags: ['$initial'], priority: 4, includeDependenciesRecursively: false },
            { name: 'cards', test: (id) => CARD_MODULES.some((pattern) => pattern.test(id)), priority: 2, includeDependenciesRecursively: false },
            { name: 'forms', test: (id) => FORM_MODULES.some((pattern) => pattern.test(id)), priority: 2, includeDependenciesRecursively: false },
            // the vacancy search (InstantSearch and our widgets) only where a page searches
            { name: 'search', test: SEARCH_MODULES, priority: 3, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // a route test waits up to 5 s for an element (setup.ts); the test itself may take longer on a busy machine
    testTimeout: 20000,
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...MOCKING_TESTS], isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING_TESTS } },
    ],
  },
});

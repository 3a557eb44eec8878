// The initial JavaScript of the public pages: the entry chunk, its static imports, the home
// route's chunk with its static imports, and the largest language file (one is loaded before the
// first paint). Fails above the budget (200 KB gzipped).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const home = Object.keys(manifest).find((key) => key.endsWith('features/home/routes/home.tsx'));
if (!entry || !home) {
  console.error('budget: the entry or the home route is missing from the build manifest');
  process.exit(1);
}
const gzipped = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length;
const languages = Object.keys(manifest).filter((key) => /i18n\/locales\/[a-z]{2}\.json$/.test(key));
const largestLanguage = languages.sort((a, b) => gzipped(b) - gzipped(a))[0];
const chunks = new Set([...closure(entry), ...closure(home), ...(largestLanguage ? [largestLanguage] : [])]);
let total = 0;
const lines = [];
for (const key of chunks) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const size = gzipped(key);
  total += size;
  lines.push(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = (total / 1024).toFixed(1);
console.log(`initial JS of the public pages (gzipped): ${kb} KB of ${BUDGET_BYTES / 1024} KB\n${lines.join('\n')}`);
if (total > BUDGET_BYTES) {
  console.error(`budget exceeded: ${kb} KB > ${BUDGET_BYTES / 1024} KB`);
  process.exit(1);
}

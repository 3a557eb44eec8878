// Generates src/shared/api/schema.d.ts from the server's OpenAPI document (`vakants openapi`).
// With --check it generates into a temp file and fails when the committed file differs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(web, '..');
const bin = process.env.VAKANTS_BIN ?? join(resolve(root, process.env.CARGO_TARGET_DIR ?? 'target'), 'debug', 'vakants');
const target = join(web, 'src/shared/api/schema.d.ts');
const check = process.argv.includes('--check');

const work = mkdtempSync(join(tmpdir(), 'vakants-openapi-'));
const documentPath = join(work, 'openapi.json');
writeFileSync(documentPath, execFileSync(bin, ['openapi'], { maxBuffer: 64 * 1024 * 1024 }));
const output = check ? join(work, 'schema.d.ts') : target;
execFileSync(process.execPath, [join(web, 'node_modules/openapi-typescript/bin/cli.js'), documentPath, '-o', output], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (check) {
  const fresh = readFileSync(output, 'utf8');
  const committed = readFileSync(target, 'utf8');
  if (fresh !== committed) {
    console.error('src/shared/api/schema.d.ts is stale: run `npm run api:types` in web/ and commit it');
    process.exit(1);
  }
  console.log('API types are up to date');
} else {
  console.log(`wrote ${target}`);
}

// Builds the legal PDFs (public/documents/{name}-{lang}.pdf) from documents/{name}.{lang}.md with
// headless Chromium. The sources use a small Markdown subset: "# " title, "## " headings, "- "
// list items and paragraphs separated by blank lines.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sources = join(web, 'documents');
const output = join(web, 'public', 'documents');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function toHtml(markdown, language) {
  const blocks = markdown.trim().split(/\n\s*\n/);
  const body = blocks
    .map((block) => {
      const lines = block.split('\n');
      if (block.startsWith('# ')) return `<h1>${escape(block.slice(2))}</h1>`;
      if (block.startsWith('## ')) return `<h2>${escape(block.slice(3))}</h2>`;
      if (lines.every((line) => line.startsWith('- '))) return `<ul>${lines.map((line) => `<li>${escape(line.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${escape(lines.join(' '))}</p>`;
    })
    .join('\n');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Vakants</title><style>
    @page { size: A4; margin: 22mm 20mm; }
    body { font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; font-size: 10.5pt; line-height: 1.5; color: #1a1b1e; }
    h1 { font-size: 18pt; color: #1864ab; margin: 0 0 6mm; }
    h2 { font-size: 12pt; margin: 6mm 0 2mm; }
    p, li { margin: 0 0 2.5mm; }
    ul { padding-left: 6mm; }
  </style></head><body>${body}</body></html>`;
}

mkdirSync(output, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'vakants-documents-'));
for (const file of readdirSync(sources).filter((name) => name.endsWith('.md')).sort()) {
  const [, name, language] = file.match(/^(.+)\.([a-z]{2})\.md$/) ?? [];
  if (!name) continue;
  const html = join(work, `${name}-${language}.html`);
  writeFileSync(html, toHtml(readFileSync(join(sources, file), 'utf8'), language));
  const pdf = join(output, `${name}-${language}.pdf`);
  execFileSync(
    chromium,
    ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-pdf-header-footer', `--print-to-pdf=${pdf}`, `file://${html}`],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
  console.log(`wrote public/documents/${name}-${language}.pdf`);
}
rmSync(work, { recursive: true, force: true });

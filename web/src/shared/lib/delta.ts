/**
 * A Quill delta (the vacancy and company descriptions) as HTML built from escaped text and a fixed
 * set of tags: bold, italic, underline, links (http and https only), headers 1-3 and lists. Anything
 * else is dropped, so the output is safe to place in the page.
 */
type Attributes = { bold?: boolean; italic?: boolean; underline?: boolean; link?: string; header?: number; list?: string };
type Op = { insert?: unknown; attributes?: Attributes };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function safeLink(href: unknown): string | null {
  if (typeof href !== 'string') return null;
  try {
    const url = new URL(href.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function inline(text: string, attributes: Attributes = {}): string {
  let html = escapeHtml(text);
  if (attributes.bold) html = `<strong>${html}</strong>`;
  if (attributes.italic) html = `<em>${html}</em>`;
  if (attributes.underline) html = `<u>${html}</u>`;
  const link = safeLink(attributes.link);
  if (link) html = `<a href="${escapeHtml(link)}" target="_blank" rel="noopener noreferrer nofollow">${html}</a>`;
  return html;
}

function parseOps(delta: string): Op[] {
  try {
    const parsed: unknown = JSON.parse(delta);
    const ops = Array.isArray(parsed) ? parsed : (parsed as { ops?: unknown })?.ops;
    return Array.isArray(ops) ? (ops as Op[]) : [];
  } catch {
    return [{ insert: delta }];
  }
}

export function deltaToHtml(delta: string): string {
  const lines: { html: string; attributes: Attributes }[] = [];
  let current = '';
  for (const op of parseOps(delta)) {
    if (typeof op.insert !== 'string') continue;
    const parts = op.insert.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) {
        lines.push({ html: current, attributes: op.attributes ?? {} });
        current = '';
      }
      if (part) current += inline(part, op.attributes);
    });
  }
  if (current) lines.push({ html: current, attributes: {} });

  let html = '';
  let openList: 'ul' | 'ol' | null = null;
  for (const line of lines) {
    const list = line.attributes.list === 'ordered' ? 'ol' : line.attributes.list === 'bullet' ? 'ul' : null;
    if (openList && openList !== list) {
      html += `</${openList}>`;
      openList = null;
    }
    if (list) {
      if (!openList) {
        html += `<${list}>`;
        openList = list;
      }
      html += `<li>${line.html}</li>`;
      continue;
    }
    const header = line.attributes.header;
    if (header === 1 || header === 2 || header === 3) html += `<h${header + 1}>${line.html}</h${header + 1}>`;
    else html += line.html ? `<p>${line.html}</p>` : '';
  }
  if (openList) html += `</${openList}>`;
  return html;
}

/** A piece of a snippet: text, marked where the search matched. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Named and numeric character references back to their characters; anything else stays. */
function unescape(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return NAMED[name.toLowerCase()] ?? entity;
  });
}

/**
 * The server's snippet (HTML-escaped CV text with matches in `<mark>…</mark>`) as plain text
 * parts, so the page renders it as text and never as HTML.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const pattern = /<mark>(.*?)<\/mark>/gs;
  let last = 0;
  for (const match of snippet.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: unescape(snippet.slice(last, match.index)), marked: false });
    parts.push({ text: unescape(match[1]), marked: true });
    last = match.index + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: unescape(snippet.slice(last)), marked: false });
  return parts;
}

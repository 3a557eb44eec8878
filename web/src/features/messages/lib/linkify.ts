import { LinkifyIt } from 'linkify-it';

/** A piece of a message: plain text, or a web address to show as a link. */
export type Part = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// bare addresses (`www.vakants.ee`, `kokk.ee`) too: linkify-it 6 finds them only when asked
const linkify = new LinkifyIt({ fuzzyLink: true });

/**
 * Splits a plain-text message into text and links (linkify-it finds them, `www.` and bare
 * domains included). Only http(s) and mailto addresses become links; the text itself is never
 * read as HTML.
 */
export function messageParts(text: string): Part[] {
  const matches = linkify.match(text) ?? [];
  const parts: Part[] = [];
  let at = 0;
  for (const match of matches) {
    const safe = /^(https?:|mailto:)/i.test(match.url);
    if (!safe) continue;
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'link', text: match.text, href: match.url });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

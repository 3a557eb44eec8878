/**
 * A field the server names in a 400 (`languages[1].proficiency`, `contents[0].teaser`) as the
 * form's path (`languages.1.proficiency`). `remap` turns the index of a top-level list the
 * document sends in another order than the form holds it into the form's index (the texts: only
 * written languages are sent); an index it does not know leaves the path at the list itself.
 */
export function toFormPath(field: string, remap: Record<string, (index: number) => number | undefined> = {}): string {
  const path = field.trim().replace(/\[(\d+)\]/g, '.$1');
  const [root = '', index, ...rest] = path.split('.');
  const map = remap[root];
  if (!map || index === undefined || !/^\d+$/.test(index)) return path;
  const mapped = map(Number(index));
  return mapped === undefined ? root : [root, String(mapped), ...rest].join('.');
}

/**
 * The company description is stored as a Quill delta (the public page renders it with
 * shared/lib/delta.ts). The general tab edits it as plain text: the delta's text, and back a
 * delta of one insert. Formatting a delta had is not kept by this editor.
 */
export function deltaToPlain(delta: string | undefined): string {
  if (!delta) return '';
  try {
    const parsed: unknown = JSON.parse(delta);
    const ops = Array.isArray(parsed) ? parsed : (parsed as { ops?: unknown })?.ops;
    if (!Array.isArray(ops)) return '';
    return ops
      .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
      .join('')
      .replace(/\n$/, '');
  } catch {
    return delta;
  }
}

export function plainToDelta(text: string): string {
  const trimmed = text.trim();
  return trimmed ? JSON.stringify({ ops: [{ insert: `${trimmed}\n` }] }) : '';
}

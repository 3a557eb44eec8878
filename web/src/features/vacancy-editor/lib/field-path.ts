import { formFieldPath } from '@/shared/lib/server-field-errors';

/**
 * The form's path of a field the server names in a 400 (`languages[1].proficiency` ->
 * `languages.1.proficiency`). The document sends only the written languages, so the server's
 * `contents[i]` is the form's `contents.{sent[i]}`; an index not sent leaves the path at `contents`.
 */
export function toFormPath(field: string, sentContents: readonly number[]): string {
  const path = formFieldPath(field.trim());
  const [root, index, ...rest] = path.split('.');
  if (root !== 'contents' || index === undefined || !/^\d+$/.test(index)) return path;
  const mapped = sentContents[Number(index)];
  return mapped === undefined ? root : [root, String(mapped), ...rest].join('.');
}

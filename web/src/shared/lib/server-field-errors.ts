import type { ReactNode } from 'react';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';

/**
 * A field path as the server names it in a 400 answer (`educations[1].institution`,
 * `galleryFileIds[3]`) as @mantine/form names the field (`educations.1.institution`,
 * `galleryFileIds.3`). `renames` maps the server's names of single segments to the form's, for
 * the fields a form holds under another name (`{ fileId: 'file' }`).
 */
export function formFieldPath(serverPath: string, renames: Readonly<Record<string, string>> = {}): string {
  return serverPath
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .map((segment) => renames[segment] ?? segment)
    .join('.');
}

export interface ServerFieldErrorOptions {
  renames?: Readonly<Record<string, string>>;
  /** Whether the form shows the field of this (form) path; a field it refuses is left to the caller. */
  accept?: (path: string) => boolean;
}

/**
 * Puts the server's message of a 400 answer (`{ field, message }`, spec 1 section 8) on the form
 * field it names, through the form library's `setFieldError`. Returns that field's form path, or
 * null when the error names no field the form takes: the caller shows it another way.
 */
export function setServerFieldError(
  form: { setFieldError: (path: string, error: ReactNode) => void },
  error: unknown,
  { renames, accept = () => true }: ServerFieldErrorOptions = {},
): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  const path = formFieldPath(error.field, renames);
  if (!accept(path)) return null;
  form.setFieldError(path, errorText(error));
  return path;
}

import { i18n } from '@/shared/i18n';

import { ApiError } from './errors';

/** The user's text for an error: a translated code, the server's 400 message, a translated status. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const codeKey = `errors.code.${error.code}`;
    if (error.code && i18n.exists(codeKey)) return i18n.t(codeKey);
    const statusKey = `errors.status.${error.status}`;
    if (error.status === 400 || !i18n.exists(statusKey)) return error.message;
    return i18n.t(statusKey);
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unknown');
}

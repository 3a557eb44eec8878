import { i18n } from '@/shared/i18n';

import { ApiError, UNKNOWN_ERROR } from './errors';

/**
 * The user's text for an error: a translated code, the server's 400 message (the server writes it
 * in the language of the request), a translated status. A 400 without a message is "unknown error".
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const codeKey = `errors.code.${error.code}`;
    if (error.code && i18n.exists(codeKey)) return i18n.t(codeKey);
    if (error.status === 400) return error.message && error.message !== UNKNOWN_ERROR ? error.message : i18n.t('errors.unknown');
    const statusKey = `errors.status.${error.status}`;
    if (!i18n.exists(statusKey)) return error.message;
    return i18n.t(statusKey);
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unknown');
}

import { describe, expect, it } from 'vitest';

import { applyLanguage } from '@/shared/i18n';

import { errorText } from './error-text';
import { toApiError } from './errors';

describe('errorText', () => {
  it('shows the server’s 400 message, which comes in the user’s language', async () => {
    await applyLanguage('ru');
    expect(errorText(toApiError(400, '/api/auth/login', { message: 'Адрес электронной почты указан неверно', code: 'validation', field: 'email' }))).toBe(
      'Адрес электронной почты указан неверно',
    );
  });

  it('translates a 400 that carries no message', async () => {
    await applyLanguage('et');
    expect(errorText(toApiError(400, '/api/x', undefined))).toBe('Tundmatu viga');
    await applyLanguage('ru');
    expect(errorText(toApiError(400, '/api/x', {}))).toBe('Неизвестная ошибка');
  });
});

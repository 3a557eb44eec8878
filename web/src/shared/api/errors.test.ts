import { describe, expect, it } from 'vitest';

import { ApiError, globalErrorAction, messageForStatus, toApiError } from './errors';

describe('messageForStatus', () => {
  it('follows the error catalogue', () => {
    expect(messageForStatus(400, { message: 'Invalid verification code' })).toBe('Invalid verification code');
    expect(messageForStatus(400, undefined)).toBe('UnknownError');
    expect(messageForStatus(401, { message: 'x' })).toBe('Unauthorized');
    expect(messageForStatus(403, undefined)).toBe('Access denied');
    expect(messageForStatus(404, undefined)).toBe('Not found');
    expect(messageForStatus(503, undefined)).toBe('Service Unavailable');
    expect(messageForStatus(500, { message: 'boom' })).toBe('Unknown error');
  });
});

describe('toApiError', () => {
  it('carries status, URL, message, code and field', () => {
    const error = toApiError(400, '/api/user/profile', { message: 'phone is not valid', code: 'validation', field: 'phoneNumber' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, url: '/api/user/profile', message: 'phone is not valid', code: 'validation', field: 'phoneNumber' });
  });
});

describe('globalErrorAction', () => {
  const error = (status: number, url = '/api/user/profile') => toApiError(status, url, { message: 'Something broke' });

  it('signs out on 401 and shows the permission page on 403', () => {
    expect(globalErrorAction(error(401))).toEqual({ kind: 'navigate', to: 'logout' });
    expect(globalErrorAction(error(403))).toEqual({ kind: 'navigate', to: '403' });
  });

  it('leaves a 403 of the me call and a 401 of logout itself alone', () => {
    expect(globalErrorAction(error(403, '/api/open/me'))).toEqual({ kind: 'ignore' });
    expect(globalErrorAction(error(401, '/api/auth/logout'))).toEqual({ kind: 'ignore' });
  });

  it('toasts other errors with a message unless the screen shows them', () => {
    expect(globalErrorAction(error(400))).toMatchObject({ kind: 'toast', message: 'Something broke' });
    expect(globalErrorAction(error(503))).toMatchObject({ kind: 'toast', message: 'Service Unavailable' });
    expect(globalErrorAction(error(400), true)).toEqual({ kind: 'ignore' });
    expect(globalErrorAction(error(401), true)).toEqual({ kind: 'navigate', to: 'logout' });
    expect(globalErrorAction(new Error('Unable to render current step'))).toEqual({ kind: 'toast', message: 'Unable to render current step' });
    expect(globalErrorAction(new Error(''))).toEqual({ kind: 'ignore' });
  });
});

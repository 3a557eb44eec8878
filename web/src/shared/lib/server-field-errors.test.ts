import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiError } from '@/shared/api/errors';
import { applyLanguage } from '@/shared/i18n';

import { formFieldPath, setServerFieldError } from './server-field-errors';

const badRequest = (field: string | undefined, message = 'Enter the institution', code = 'validation') => new ApiError(400, '/api/x', message, code, field);

describe('formFieldPath', () => {
  it('turns list indexes into path segments', () => {
    expect(formFieldPath('title')).toBe('title');
    expect(formFieldPath('educations[1].institution')).toBe('educations.1.institution');
    expect(formFieldPath('galleryFileIds[3]')).toBe('galleryFileIds.3');
    expect(formFieldPath('a[12].b[0].c')).toBe('a.12.b.0.c');
  });

  it('renames whole segments only', () => {
    const renames = { fileId: 'file', phoneNumber: 'phone' };
    expect(formFieldPath('certificates[0].fileId', renames)).toBe('certificates.0.file');
    expect(formFieldPath('phoneNumber', renames)).toBe('phone');
    expect(formFieldPath('portfolio[2].fileIds', renames)).toBe('portfolio.2.fileIds');
  });
});

describe('setServerFieldError', () => {
  beforeAll(() => applyLanguage('en'));

  it('puts the message of a 400 on the form field it names', () => {
    const { result } = renderHook(() => useForm({ initialValues: { educations: [{ institution: '' }, { institution: '' }] } }));
    let path: string | null = null;
    act(() => {
      path = setServerFieldError(result.current, badRequest('educations[1].institution'));
    });
    expect(path).toBe('educations.1.institution');
    expect(result.current.errors).toEqual({ 'educations.1.institution': 'Enter the institution' });
    expect(result.current.getInputProps('educations.1.institution').error).toBe('Enter the institution');
    // the library's own list handling carries the error along when an earlier row goes
    act(() => result.current.removeListItem('educations', 0));
    expect(result.current.errors).toEqual({ 'educations.0.institution': 'Enter the institution' });
  });

  it('shows a known error code in the user’s language rather than the server’s words', () => {
    const errors: Record<string, unknown> = {};
    setServerFieldError({ setFieldError: (path, error) => (errors[path] = error) }, badRequest('title', 'raw', 'rate_limited'));
    expect(errors).toEqual({ title: 'Too many attempts. Please wait a moment and try again.' });
  });

  it('leaves other failures, and fields the form refuses, to the caller', () => {
    const errors: Record<string, unknown> = {};
    const form = { setFieldError: (path: string, error: unknown) => (errors[path] = error) };
    expect(setServerFieldError(form, badRequest(undefined))).toBeNull();
    expect(setServerFieldError(form, new ApiError(500, '/api/x', 'Unknown error', 'internal', 'title'))).toBeNull();
    expect(setServerFieldError(form, new Error('title'))).toBeNull();
    expect(setServerFieldError(form, badRequest('cvId'), { accept: (path) => path !== 'cvId' })).toBeNull();
    expect(errors).toEqual({});
    expect(setServerFieldError(form, badRequest('certificates[0].fileId'), { renames: { fileId: 'file' } })).toBe('certificates.0.file');
    expect(errors).toEqual({ 'certificates.0.file': 'Enter the institution' });
  });
});

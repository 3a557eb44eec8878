import { useMutation } from '@tanstack/react-query';

import { noteServerBuild } from '@/shared/api/build-version';
import { withStandardHeaders } from '@/shared/api/client';
import { toApiError } from '@/shared/api/errors';

import type { UploadedFile } from './types';

const PATH = '/api/user/upload';

/** Sends the file's bytes as the body (`POST /api/user/upload?kind=chat`); the type is decided by content on the server. */
export async function uploadAttachment(file: File): Promise<UploadedFile> {
  const query = new URLSearchParams({ kind: 'chat', name: file.name });
  const headers = withStandardHeaders(new Headers({ Accept: 'application/json', 'Content-Type': 'application/octet-stream' }));
  const response = await fetch(`${PATH}?${query.toString()}`, { method: 'POST', headers, credentials: 'same-origin', body: file });
  noteServerBuild(response.headers.get('x-build-version'));
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw toApiError(response.status, PATH, body);
  return body as UploadedFile;
}

export function useUploadAttachment() {
  return useMutation({ mutationFn: uploadAttachment, meta: { handledLocally: true } });
}

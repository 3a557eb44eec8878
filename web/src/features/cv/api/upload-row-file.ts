import { useMutation } from '@tanstack/react-query';

import { noteServerBuild } from '@/shared/api/build-version';
import { withStandardHeaders } from '@/shared/api/client';
import { toApiError } from '@/shared/api/errors';

import type { RowFileKind } from '../lib/row-files';
import type { UploadedFile } from './types';

export interface RowFileUpload {
  kind: RowFileKind;
  file: File;
  /** Called with the part sent so far, 0 to 1. */
  onProgress?: (part: number) => void;
}

/** Sends a file's bytes as the body (no multipart), as `POST /api/user/upload` takes it. */
export function uploadRowFile({ kind, file, onProgress }: RowFileUpload): Promise<UploadedFile> {
  const path = '/api/user/upload';
  const query = new URLSearchParams({ kind, name: file.name });
  // XMLHttpRequest, not fetch: only it tells how much of a large file is sent
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${path}?${query.toString()}`);
    request.withCredentials = true;
    withStandardHeaders(new Headers({ Accept: 'application/json', 'Content-Type': 'application/octet-stream' })).forEach((value, name) =>
      request.setRequestHeader(name, value),
    );
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      noteServerBuild(request.getResponseHeader('x-build-version'));
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as UploadedFile);
      else reject(toApiError(request.status, path, body));
    };
    request.onerror = () => reject(new Error('network'));
    request.onabort = () => reject(new Error('aborted'));
    request.send(file);
  });
}

/** Errors show on the row; 401 and 403 still go to the global handler. */
export function useUploadRowFile() {
  return useMutation({ mutationFn: uploadRowFile, meta: { handledLocally: true } });
}

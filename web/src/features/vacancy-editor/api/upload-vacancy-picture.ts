import { useMutation } from '@tanstack/react-query';

import { noteServerBuild } from '@/shared/api/build-version';
import { withStandardHeaders } from '@/shared/api/client';
import { toApiError } from '@/shared/api/errors';

export type PictureKind = 'image' | 'cover' | 'gallery';

const PATH = '/api/employer/vacancies/vacancy-branding';

/** Uploads a picture of the vacancy (PNG or JPG) as a multipart form; answers the new file's id. */
export async function uploadVacancyPicture({ kind, file }: { kind: PictureKind; file: File }): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await fetch(`${PATH}?${new URLSearchParams({ kind })}`, {
    method: 'POST',
    headers: withStandardHeaders(new Headers({ Accept: 'application/json' })),
    credentials: 'same-origin',
    body,
  });
  noteServerBuild(response.headers.get('x-build-version'));
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) throw toApiError(response.status, PATH, parsed);
  return (parsed as { fileId: string }).fileId;
}

/** Errors show beside the picture; 401 and 403 still go to the global handler. */
export function useUploadVacancyPicture() {
  return useMutation({ mutationFn: uploadVacancyPicture, meta: { handledLocally: true } });
}

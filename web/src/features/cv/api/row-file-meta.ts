import { useQuery } from '@tanstack/react-query';

import { noteServerBuild } from '@/shared/api/build-version';
import { withStandardHeaders } from '@/shared/api/client';
import { fileNameFromDisposition } from '@/shared/api/download';
import { toApiError } from '@/shared/api/errors';

/** Where a CV file is downloaded (domain::files::download_url). */
export const rowFileUrl = (fileId: string) => `/api/user/files/${fileId}`;

export interface RowFileMeta {
  name: string | null;
  size: number | null;
}

/**
 * The name and size of a saved CV's file: a saved CV names its files only by id, so they are read
 * from the headers of the download (`HEAD`), without the bytes.
 */
export async function fetchRowFileMeta(fileId: string): Promise<RowFileMeta> {
  const path = rowFileUrl(fileId);
  const response = await fetch(path, { method: 'HEAD', headers: withStandardHeaders(new Headers()), credentials: 'same-origin' });
  noteServerBuild(response.headers.get('x-build-version'));
  if (!response.ok) throw toApiError(response.status, path, null);
  const length = Number(response.headers.get('content-length'));
  return {
    name: fileNameFromDisposition(response.headers.get('content-disposition'), '') || null,
    size: Number.isFinite(length) && length > 0 ? length : null,
  };
}

/** Asked only for a file whose name is not known yet; a file that is gone shows without one. */
export function useRowFileMeta(fileId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cv', 'file', fileId] as const,
    queryFn: () => fetchRowFileMeta(fileId),
    enabled,
    staleTime: Infinity,
    meta: { handledLocally: true },
  });
}

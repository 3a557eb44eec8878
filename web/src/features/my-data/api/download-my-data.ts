import { useMutation } from '@tanstack/react-query';

import { fetchDownload, saveDownload } from '@/shared/api/download';

/** `GET /api/user/my-data`: the zip of everything the service holds about the user. */
export async function downloadMyData(): Promise<void> {
  saveDownload(await fetchDownload('/api/user/my-data', 'vakants-my-data.zip'));
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData, meta: { handledLocally: true } });
}

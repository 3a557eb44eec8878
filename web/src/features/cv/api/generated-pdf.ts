import { useMutation } from '@tanstack/react-query';

import { fetchDownload, saveDownload } from '@/shared/api/download';

/** Downloads the CV as the PDF the server generates, under the name the server gives it. */
export async function downloadGeneratedPdf(cvId: string): Promise<void> {
  saveDownload(await fetchDownload(`/api/applicant/cv/${encodeURIComponent(cvId)}/pdf`, 'cv.pdf'));
}

export function useDownloadGeneratedPdf() {
  return useMutation({ mutationFn: downloadGeneratedPdf, meta: { handledLocally: true } });
}

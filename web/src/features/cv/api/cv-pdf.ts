import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

import { cvQueryKey } from './get-cv';
import { myCvsQueryKey } from './get-my-cvs';
import type { CvPdf } from './types';

/** Sends the file's bytes as they are; the server decides by their content whether it is a PDF. */
export function uploadCvPdf({ cvId, file }: { cvId: string; file: File }): Promise<CvPdf> {
  return unwrap(
    api.POST('/api/applicant/cv/{id}/pdf', {
      params: { path: { id: cvId }, query: { name: file.name } },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'application/pdf' },
    }),
  );
}

export async function deleteCvPdf(cvId: string): Promise<void> {
  await unwrap(api.DELETE('/api/applicant/cv/{id}/pdf', { params: { path: { id: cvId } } }));
}

function useRefreshCv() {
  const client = useQueryClient();
  return (cvId: string) => {
    void client.invalidateQueries({ queryKey: cvQueryKey(cvId) });
    void client.invalidateQueries({ queryKey: myCvsQueryKey });
  };
}

export function useUploadCvPdf() {
  const refresh = useRefreshCv();
  return useMutation({ mutationFn: uploadCvPdf, meta: { handledLocally: true }, onSuccess: (_, { cvId }) => refresh(cvId) });
}

export function useDeleteCvPdf() {
  const refresh = useRefreshCv();
  return useMutation({ mutationFn: deleteCvPdf, onSuccess: (_, cvId) => refresh(cvId) });
}

import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { type PictureUpload, pictureForm } from '@/shared/pictures/pictures';

export type PictureKind = 'image' | 'cover' | 'gallery';

/** Uploads a picture of the vacancy (PNG or JPG) as the `file` of a multipart form; answers the new file's id. */
export async function uploadVacancyPicture({ kind, file }: { kind: PictureKind; file: File }): Promise<string> {
  const picture = await unwrap(api.POST('/api/employer/vacancies/vacancy-branding', { params: { query: { kind } }, ...pictureForm(file) }));
  return picture.fileId;
}

/** Uploads pictures of one kind; errors show beside the picture, 401 and 403 still go to the global handler. */
export function useUploadVacancyPicture(kind: PictureKind): PictureUpload {
  return useMutation({ mutationFn: (file: File) => uploadVacancyPicture({ kind, file }), meta: { handledLocally: true } });
}

import { useMutation } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';
import { type PictureUpload, pictureForm } from '@/shared/pictures/pictures';

export type CompanyPictureKind = 'logo' | 'cover' | 'gallery';

/** `POST /api/employer/companies/company-branding/pictures?kind=`: a PNG or JPG as the `file` of a multipart form; answers the file's id. */
export async function uploadCompanyPicture({ kind, file }: { kind: CompanyPictureKind; file: File }): Promise<string> {
  const picture = await unwrap(api.POST('/api/employer/companies/company-branding/pictures', { params: { query: { kind } }, ...pictureForm(file) }));
  return picture.fileId;
}

/** Uploads pictures of one kind; errors show beside the picture, 401 and 403 still go to the global handler. */
export function useUploadCompanyPicture(kind: CompanyPictureKind): PictureUpload {
  return useMutation({ mutationFn: (file: File) => uploadCompanyPicture({ kind, file }), meta: { handledLocally: true } });
}

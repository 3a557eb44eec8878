/** Pictures of a vacancy (its image, cover and gallery) as the server takes them: PNG or JPG, at most 10 MiB. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const MAX_GALLERY_PICTURES = 10;

export type PictureProblem = 'wrongType' | 'tooLarge';

/** Why a chosen file cannot be a picture, or null; the server still decides by the content. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > MAX_PICTURE_BYTES) return 'tooLarge';
  return null;
}

/** Where a stored picture is shown (public once it belongs to a vacancy). */
export const pictureUrl = (fileId: string) => `/api/files/${fileId}`;

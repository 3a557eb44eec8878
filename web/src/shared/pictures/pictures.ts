/** Public pictures (a vacancy's image, cover and gallery; a company's logo, cover and gallery) as the server takes them: PNG or JPG, at most 10 MiB. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** A vacancy's and a company's gallery hold at most this many pictures. */
export const MAX_GALLERY_PICTURES = 10;

export type PictureProblem = 'wrongType' | 'tooLarge';

/** Why a chosen file cannot be a picture, or null; the server still decides by the content. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > MAX_PICTURE_BYTES) return 'tooLarge';
  return null;
}

/** Where a stored picture is shown (public once a vacancy or a company shows it). */
export const pictureUrl = (fileId: string) => `/api/files/${fileId}`;

/** Uploads one picture and answers its file id: a mutation of the feature's own upload call. */
export interface PictureUpload {
  mutateAsync: (file: File) => Promise<string>;
  isPending: boolean;
}

/** `list` with the item at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * The request options of a picture upload call: the picture as the `file` of a multipart form,
 * which the browser writes with its boundary (the typed body only names the file).
 */
export function pictureForm(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return { body: { file: file.name }, bodySerializer: () => form };
}

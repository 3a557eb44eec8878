import { pictureUrl } from '@/shared/pictures/pictures';
import type { Branding } from '@/shared/vacancies/api';

import type { VacancyDocument } from '../api/types';

/** The branding a vacancy's document holds, as the public page shows it; none when it holds nothing. */
export function brandingOf(vacancy: Pick<VacancyDocument, 'coverFileId' | 'galleryFileIds' | 'videoUrl'>): Branding | undefined {
  if (!vacancy.coverFileId && vacancy.galleryFileIds.length === 0 && !vacancy.videoUrl) return undefined;
  return {
    cover: vacancy.coverFileId ? { url: pictureUrl(vacancy.coverFileId) } : null,
    gallery: vacancy.galleryFileIds.map((fileId) => ({ url: pictureUrl(fileId) })),
    video: vacancy.videoUrl,
  };
}

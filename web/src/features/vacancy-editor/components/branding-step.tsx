import { Alert, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { GalleryField, galleryFormProps } from '@/shared/pictures/gallery-field';
import { PictureField } from '@/shared/pictures/picture-field';
import { OptionalLabel } from '@/shared/ui/optional-label';

import { useUploadVacancyPicture } from '../api/upload-vacancy-picture';
import type { StepProps } from './step-props';

/** Step 2: the branding (a cover picture, a gallery and a video), shown once branding is bought. */
export function BrandingStep({ form }: StepProps) {
  const { t } = useTranslation('vacancyEditor');
  const values = form.values;
  const uploadCover = useUploadVacancyPicture('cover');
  const uploadGallery = useUploadVacancyPicture('gallery');
  return (
    <Stack gap="xl">
      <Alert variant="light" color="blue">
        {t('branding.hint')}
      </Alert>
      <PictureField
        upload={uploadCover}
        label={t('branding.cover')}
        description={t('branding.coverHint')}
        fileId={values.coverFileId}
        onChange={(fileId) => form.setFieldValue('coverFileId', fileId)}
        error={form.errors.coverFileId}
        height={180}
      />
      <GalleryField
        upload={uploadGallery}
        label={t('branding.gallery')}
        {...galleryFormProps(form)}
      />
      <TextInput label={<OptionalLabel>{t('branding.video')}</OptionalLabel>} description={t('branding.videoHint')} type="url" placeholder="https://" {...form.getInputProps('videoUrl')} />
    </Stack>
  );
}

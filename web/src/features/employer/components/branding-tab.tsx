import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { CompanyGallery, CompanyHeader } from '@/shared/companies/company-header';
import { useLanguage } from '@/shared/i18n/use-language';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { z } from '@/shared/lib/zod';
import { GalleryField, galleryFormProps } from '@/shared/pictures/gallery-field';
import { PictureField } from '@/shared/pictures/picture-field';
import { pictureUrl } from '@/shared/pictures/pictures';
import { notifySuccess } from '@/shared/ui/notify';
import { OptionalLabel } from '@/shared/ui/optional-label';

import { type CompanyBranding, useCompanyBranding } from '../api/get-company-branding';
import type { MyCompany } from '../api/get-my-company';
import { useSaveCompanyBranding } from '../api/save-company-branding';
import { useUploadCompanyPicture } from '../api/upload-company-picture';
import { isVideoLink } from '../lib/video-link';
import { NAMESPACE } from '../locales/texts';

function valuesOf(branding: CompanyBranding) {
  return {
    logoFileId: branding.logo?.fileId ?? null,
    coverFileId: branding.cover?.fileId ?? null,
    galleryFileIds: branding.gallery.map((picture) => picture.fileId),
    videoUrl: branding.videoUrl ?? '',
  };
}

type Values = ReturnType<typeof valuesOf>;

/** The branding form, and beside it the top of the public page as it will look. */
function BrandingForm({ company, branding }: { company: MyCompany; branding: CompanyBranding }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const save = useSaveCompanyBranding(company);
  const uploadLogo = useUploadCompanyPicture('logo');
  const uploadCover = useUploadCompanyPicture('cover');
  const uploadGallery = useUploadCompanyPicture('gallery');
  const schema = z.object({ videoUrl: z.string().refine(isVideoLink, t('branding.videoInvalid')) });
  const form = useForm<Values>({ initialValues: valuesOf(branding), validate: schemaResolver(schema, { sync: true }) });
  const values = form.values;

  const submit = form.onSubmit((v) =>
    save.mutate(
      { ...v, videoUrl: v.videoUrl.trim() || null },
      {
        onSuccess: (saved) => {
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          notifySuccess(t('branding.saved'));
        },
        onError: (error) => setServerFieldError(form, error),
      },
    ),
  );

  const unplaced = save.error instanceof ApiError && !(save.error.status === 400 && save.error.field);
  return (
    <Stack gap="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('branding.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PictureField
              upload={uploadLogo}
              label={t('branding.logo')}
              description={t('branding.logoHint')}
              fileId={values.logoFileId}
              onChange={(fileId) => form.setFieldValue('logoFileId', fileId)}
              error={form.errors.logoFileId}
              height={140}
              fit="contain"
            />
            <PictureField
              upload={uploadCover}
              label={t('branding.cover')}
              description={t('branding.coverHint')}
              fileId={values.coverFileId}
              onChange={(fileId) => form.setFieldValue('coverFileId', fileId)}
              error={form.errors.coverFileId}
              height={140}
            />
          </SimpleGrid>
          <GalleryField
            upload={uploadGallery}
            label={t('branding.gallery')}
            {...galleryFormProps(form)}
          />
          <TextInput label={<OptionalLabel>{t('branding.video')}</OptionalLabel>} description={t('branding.videoHint')} type="url" placeholder="https://" {...form.getInputProps('videoUrl')} />
          {unplaced && (
            <Alert color="red" role="alert">
              {errorText(save.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('branding.save')}
            </Button>
            <Anchor component={Link} to={`/${language}/companies/${company.countryCode}/${company.registryCode}`}>
              {t('general.publicPage')}
            </Anchor>
          </Group>
        </Stack>
      </form>
      <Card withBorder padding={0} component="section" aria-label={t('branding.preview')}>
        <Text fw={600} px="md" py="xs">
          {t('branding.preview')}
        </Text>
        <CompanyHeader
          businessName={company.businessName}
          logoUrl={values.logoFileId && pictureUrl(values.logoFileId)}
          coverUrl={values.coverFileId && pictureUrl(values.coverFileId)}
          headingOrder={3}
        />
        <Stack p="md" gap="md">
          <CompanyGallery pictures={values.galleryFileIds.map((fileId) => ({ url: pictureUrl(fileId) }))} video={values.videoUrl.trim()} headingOrder={4} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** The branding tab: logo, cover, gallery and video link, which any staff member edits. */
export function BrandingTab({ company }: { company: MyCompany }) {
  const { t } = useTranslation(NAMESPACE);
  const branding = useCompanyBranding(company);
  if (branding.isPending) return <Loader />;
  if (!branding.data) return <Alert color="red">{errorText(branding.error)}</Alert>;
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('branding.title')}
      </Title>
      <BrandingForm company={company} branding={branding.data} />
    </Stack>
  );
}

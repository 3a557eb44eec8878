import { ActionIcon, Button, Card, FileButton, Group, Image, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { NAMESPACE } from './locales/texts';
import { usePictureUpload } from './picture-field';
import { MAX_GALLERY_PICTURES, PICTURE_TYPES, type PictureUpload, moved, pictureUrl } from './pictures';

/** A gallery: pictures added one by one (up to the limit), each removable and movable in the order shown. */
export function GalleryField({
  upload,
  label,
  description,
  fileIds,
  onChange,
  error,
  pictureError,
}: {
  upload: PictureUpload;
  label: string;
  description?: string;
  fileIds: string[];
  onChange: (fileIds: string[]) => void;
  error?: ReactNode;
  /** The error of one picture (the server names `galleryFileIds[3]`). */
  pictureError: (index: number) => ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { send, problem, busy } = usePictureUpload(upload);
  const full = fileIds.length >= MAX_GALLERY_PICTURES;

  async function add(files: File[]) {
    let ids = fileIds;
    for (const file of files.slice(0, MAX_GALLERY_PICTURES - fileIds.length)) {
      const id = await send(file);
      if (id) {
        ids = [...ids, id];
        onChange(ids);
      }
    }
  }

  return (
    <Input.Wrapper label={label} description={description} error={problem ?? error}>
      <Stack gap="sm" mt={4}>
        {fileIds.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {fileIds.map((fileId, index) => (
              <Card key={fileId} withBorder padding={4}>
                <Image src={pictureUrl(fileId)} alt={t('galleryPicture', { number: index + 1 })} h={110} fit="cover" radius="sm" />
                <Group justify="space-between" px={4} pt={4} wrap="nowrap" gap={4}>
                  <Text size="xs" c={pictureError(index) ? 'red' : 'dimmed'} truncate>
                    {pictureError(index) ?? t('galleryPicture', { number: index + 1 })}
                  </Text>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('moveEarlier', { number: index + 1 })}
                      disabled={index === 0}
                      onClick={() => onChange(moved(fileIds, index, index - 1))}
                    >
                      <IconArrowLeft size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('moveLater', { number: index + 1 })}
                      disabled={index === fileIds.length - 1}
                      onClick={() => onChange(moved(fileIds, index, index + 1))}
                    >
                      <IconArrowRight size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={t('removePicture', { number: index + 1 })}
                      onClick={() => onChange(fileIds.filter((_, other) => other !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Group gap="sm">
          <FileButton accept={PICTURE_TYPES.join(',')} multiple onChange={(files) => void add(files)} disabled={full}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={16} />} loading={busy} disabled={full}>
                {t('addPictures')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('galleryCount', { count: fileIds.length, max: MAX_GALLERY_PICTURES })}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/** A form holding a gallery as `galleryFileIds`, as @mantine/form gives it. */
interface GalleryForm {
  values: { galleryFileIds: string[] };
  errors: Record<string, ReactNode>;
  setFieldValue: (path: 'galleryFileIds', value: string[]) => void;
  clearFieldError: (path: string) => void;
}

/**
 * The props tying a GalleryField to a form's `galleryFileIds`: the pictures, the list's error and
 * each picture's (`galleryFileIds.3`), which a change of the list clears: they name old places.
 */
export function galleryFormProps(form: GalleryForm) {
  return {
    fileIds: form.values.galleryFileIds,
    onChange: (fileIds: string[]) => {
      form.setFieldValue('galleryFileIds', fileIds);
      Object.keys(form.errors)
        .filter((path) => path.startsWith('galleryFileIds'))
        .forEach((path) => form.clearFieldError(path));
    },
    error: form.errors.galleryFileIds,
    pictureError: (index: number) => form.errors[`galleryFileIds.${index}`],
  };
}

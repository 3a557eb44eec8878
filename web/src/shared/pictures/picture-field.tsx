import { Button, Card, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';

import { NAMESPACE } from './locales/texts';
import { MAX_PICTURE_BYTES, PICTURE_TYPES, type PictureUpload, pictureProblem, pictureUrl } from './pictures';

const ACCEPT = PICTURE_TYPES.join(',');

/** Checks and uploads one picture; the problem is reported in the reader's language. */
export function usePictureUpload(upload: PictureUpload) {
  const { t } = useTranslation(NAMESPACE);
  const [problem, setProblem] = useState<string | null>(null);
  async function send(file: File | null): Promise<string | null> {
    if (!file) return null;
    const found = pictureProblem(file);
    if (found) {
      setProblem(t(found, { size: MAX_PICTURE_BYTES / 1024 / 1024 }));
      return null;
    }
    setProblem(null);
    try {
      return await upload.mutateAsync(file);
    } catch (error) {
      setProblem(errorText(error));
      return null;
    }
  }
  return { send, problem, busy: upload.isPending };
}

/** One picture (a vacancy's image, a cover, a logo): shown, replaced or removed. */
export function PictureField({
  upload,
  label,
  description,
  fileId,
  onChange,
  error,
  height = 160,
  fit = 'cover',
}: {
  upload: PictureUpload;
  label: string;
  description?: string;
  fileId: string | null;
  onChange: (fileId: string | null) => void;
  error?: ReactNode;
  height?: number;
  /** `contain` shows a logo whole. */
  fit?: 'cover' | 'contain';
}) {
  const { t } = useTranslation(NAMESPACE);
  const { send, problem, busy } = usePictureUpload(upload);
  return (
    <Input.Wrapper label={label} description={description} error={problem ?? error}>
      <Card withBorder padding="sm" mt={4}>
        <Stack gap="sm">
          {fileId ? (
            <Image src={pictureUrl(fileId)} alt={label} h={height} fit={fit} radius="sm" />
          ) : (
            <Group h={height} justify="center" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <Stack align="center" gap={4} c="dimmed">
                <IconPhoto size={32} stroke={1.5} aria-hidden />
                <Text size="sm">{t('none')}</Text>
              </Stack>
            </Group>
          )}
          <Group gap="xs">
            <FileButton accept={ACCEPT} onChange={(file) => void send(file).then((id) => id && onChange(id))}>
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={16} />} loading={busy} aria-label={`${fileId ? t('replace') : t('upload')}: ${label}`}>
                  {fileId ? t('replace') : t('upload')}
                </Button>
              )}
            </FileButton>
            {fileId && (
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={() => onChange(null)} aria-label={`${t('remove')}: ${label}`}>
                {t('remove')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Input.Wrapper>
  );
}

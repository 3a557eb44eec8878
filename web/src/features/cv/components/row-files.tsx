import { CloseButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { RowFile } from '../lib/form';

/**
 * The files attached to a row (a certificate, course, reference or portfolio item): each shown
 * and removable. Files come with a saved CV; a row keeps them when the CV is saved again.
 */
export function RowFiles({ files, onRemove, error }: { files: RowFile[]; onRemove: (fileId: string) => void; error?: string }) {
  const { t } = useTranslation('cv');
  if (files.length === 0 && !error) return null;
  return (
    <Stack gap={4}>
      {files.map((file) => (
        <Group key={file.fileId} gap="xs" wrap="nowrap">
          <Text size="sm">{file.name ?? t('fields.file')}</Text>
          <CloseButton size="sm" aria-label={t('fields.removeFile')} onClick={() => onRemove(file.fileId)} />
        </Group>
      ))}
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

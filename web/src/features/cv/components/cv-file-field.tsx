import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { CvPdf } from '../api/types';

/** The server's limit for a CV's own file, a PDF or a picture (domain::files::MAX_PDF_BYTES). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

const TEXT_STATUS_KEYS: Record<string, string> = {
  pending: 'pdf.textPending',
  extracted: 'pdf.textExtracted',
  unavailable: 'pdf.textUnavailable',
  not_applicable: 'pdf.textNotApplicable',
};

/**
 * The CV's uploaded file, a PDF or a picture (PNG, JPEG): upload (or replace) and remove. The
 * server decides by the content what it is; what it answers shows under the field.
 */
export function CvFileField({
  pdf,
  busy,
  error,
  onUpload,
  onRemove,
}: {
  pdf: CvPdf | null | undefined;
  busy: boolean;
  error: string | null;
  onUpload: (file: File) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('cv');
  const resetRef = useRef<() => void>(null);
  const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const size = (bytes: number) =>
    bytes < 1024 * 1024 ? t('pdf.sizeKb', { size: number(Math.max(1, Math.round(bytes / 1024))) }) : t('pdf.size', { size: number(bytes / 1024 / 1024) });
  const statusKey = pdf ? TEXT_STATUS_KEYS[pdf.textStatus] : undefined;
  return (
    <Stack gap="xs" component="section" aria-label={t('pdf.title')}>
      <Text fw={500} size="sm">
        {t('pdf.title')}
      </Text>
      <Text c="dimmed" size="xs">
        {t('pdf.hint')}
      </Text>
      {pdf && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {pdf.name} · {size(pdf.sizeBytes)}
          </Text>
          {statusKey && (
            <Text size="xs" c="dimmed">
              {t(statusKey)}
            </Text>
          )}
        </Stack>
      )}
      <Group gap="sm">
        <FileButton
          resetRef={resetRef}
          accept="application/pdf,.pdf,image/png,.png,image/jpeg,.jpg,.jpeg"
          onChange={(file) => {
            if (file) onUpload(file);
            // the same file may be chosen again after an error
            resetRef.current?.();
          }}
        >
          {(props) => (
            <Button {...props} variant="light" loading={busy}>
              {pdf ? t('pdf.replace') : t('pdf.choose')}
            </Button>
          )}
        </FileButton>
        {pdf && (
          <Button variant="subtle" color="red" onClick={onRemove} disabled={busy}>
            {t('pdf.remove')}
          </Button>
        )}
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { notifyError } from '@/shared/ui/notify';

import { useDownloadGeneratedPdf } from '../api/generated-pdf';

/** "Not found" for a CV that is gone and the like; any other failure is "Failed to generate PDF". */
export function generatedPdfFailure(error: unknown, failed: string): string {
  return error instanceof ApiError && error.status < 500 ? errorText(error) : failed;
}

/** "Download PDF": the saved CV as the PDF the server generates; off while it is being made. */
export function GeneratedPdfButton({ cvId, size = 'xs' }: { cvId: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('cv');
  const download = useDownloadGeneratedPdf();
  return (
    <Button
      size={size}
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={download.isPending}
      disabled={download.isPending}
      onClick={() =>
        download.mutate(cvId, { onError: (error) => notifyError(generatedPdfFailure(error, t('translation:errors.code.pdf_generation_failed'))) })
      }
    >
      {t('generatedPdf.download')}
    </Button>
  );
}

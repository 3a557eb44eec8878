import { Button, Group } from '@mantine/core';
import { IconFileTypePdf, IconFileTypeXml } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { NAMESPACE } from '../texts';
import { useOpenFile } from '@/shared/ui/open-file';

/** The invoice as a PDF (opens in a new tab) and as a Peppol e-invoice (downloads). */
export function DocumentLinks({ id, number, size = 'xs' }: { id: string; number: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation(NAMESPACE);
  const openFile = useOpenFile();
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component="a"
        href={`/api/user/invoices/${encodeURIComponent(id)}/pdf`}
        target="_blank"
        rel="noopener"
        onClick={openFile}
        variant="default"
        size={size}
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        aria-label={t('pdfOf', { number })}
      >
        {t('pdf')}
      </Button>
      <Button
        component="a"
        href={`/api/user/invoices/${encodeURIComponent(id)}/xml`}
        download={`${number}.xml`}
        onClick={openFile}
        variant="default"
        size={size}
        leftSection={<IconFileTypeXml size={16} aria-hidden />}
        aria-label={t('xmlOf', { number })}
      >
        {t('xml')}
      </Button>
    </Group>
  );
}

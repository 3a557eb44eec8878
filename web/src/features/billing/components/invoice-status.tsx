import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceListItem } from '@/shared/billing/api/types';

import { NAMESPACE } from '../texts';

const COLOR: Readonly<Record<string, string>> = { UNPAID: 'orange', PAID: 'green', CANCELLED: 'gray' };

/** An invoice's status, and "Overdue" beside an unpaid one past its due date. */
export function InvoiceStatus({ invoice }: { invoice: Pick<InvoiceListItem, 'status' | 'overdue'> }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={COLOR[invoice.status] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
        {t(`status.${invoice.status}`)}
      </Badge>
      {invoice.overdue && (
        <Badge color="red" variant="filled" style={{ textTransform: 'none' }}>
          {t('overdue')}
        </Badge>
      )}
    </Group>
  );
}

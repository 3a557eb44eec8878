import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { formatEuros } from '@/shared/lib/money';

import type { Estimate } from '../lib/estimate';
import { BILLING_NAMESPACE } from '../texts';

/** What an order will cost, counted as the invoice counts (the invoice itself follows on ordering). */
export function OrderTotal({ estimate }: { estimate: Estimate | null }) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  if (!estimate) return null;
  return (
    <Text size="sm" aria-live="polite">
      {t('order.total', {
        total: formatEuros(estimate.totalCents, i18n.language),
        subtotal: formatEuros(estimate.subtotalCents, i18n.language),
        vat: formatEuros(estimate.vatCents, i18n.language),
      })}
    </Text>
  );
}

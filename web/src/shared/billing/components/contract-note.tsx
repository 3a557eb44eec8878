import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useCompanyContract } from '../api/get-company-contract';
import { BILLING_NAMESPACE } from '../texts';

/**
 * The acting company's contract as the employer reads it: with one, orders (publishing, services)
 * start before their invoices are paid; without, an order starts when its invoice is paid.
 */
export function ContractNote() {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const contract = useCompanyContract();
  if (!contract.data) return null;
  const has = contract.data.hasContract;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('contract.label')}>
      <Text fw={600}>{has ? t('contract.yesTitle') : t('contract.noTitle')}</Text>
      <Text size="sm" mt={4}>
        {has ? t('contract.yes') : t('contract.no')}
      </Text>
    </Paper>
  );
}

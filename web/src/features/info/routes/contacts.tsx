import { Anchor, Card, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { COMPANY_DETAILS } from '@/shared/lib/company-details';
import { Page } from '@/shared/ui/page';

export function Component() {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('company.registryCode'), COMPANY_DETAILS.registryCode],
    [t('company.vatNumber'), COMPANY_DETAILS.vatNumber],
    [t('company.bankAccount'), COMPANY_DETAILS.bankAccount],
    [t('company.supportPhone'), <Anchor href={`tel:${COMPANY_DETAILS.supportPhone.replace(/\s/g, '')}`}>{COMPANY_DETAILS.supportPhone}</Anchor>],
    [t('company.officeEmail'), <Anchor href={`mailto:${COMPANY_DETAILS.officeEmail}`}>{COMPANY_DETAILS.officeEmail}</Anchor>],
    [t('company.address'), COMPANY_DETAILS.address],
  ];
  return (
    <Page title={t('contacts.title')}>
      <Text size="lg">{t('contacts.intro')}</Text>
      <Card withBorder padding="lg">
        <Text fw={700} size="lg" mb="sm">
          {COMPANY_DETAILS.legalName}
        </Text>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={200}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed" mt="sm">
          {t('company.hours')}
        </Text>
      </Card>
    </Page>
  );
}

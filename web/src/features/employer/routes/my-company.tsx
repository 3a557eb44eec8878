import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useActAsCompany } from '@/shared/session/act-as-company';
import { useMe } from '@/shared/session/me';
import { useMyCompanies } from '@/shared/session/my-companies';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

/** `/employer/account/my-company`: the company the employer acts for, and the switch between companies. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe().data;
  const companies = useMyCompanies();
  const act = useActAsCompany();
  const current = me?.company;
  const isCurrent = (registryCode: string, countryCode: string) => current?.registryCode === registryCode && current?.countryCode === countryCode;

  return (
    <Page title={t('myCompany.title')}>
      {current && (
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            {t('myCompany.acting')}
          </Text>
          <Title order={2} size="h3" mt={4}>
            {current.businessName}
          </Title>
          <Table variant="vertical" withRowBorders={false} mt="sm" maw={420}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>{t('company.registryCode')}</Table.Th>
                <Table.Td>{current.registryCode}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('myCompany.country')}</Table.Th>
                <Table.Td>{current.countryCode}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <Stack gap="sm" id="companies">
        <Title order={2} size="h4">
          {t('myCompany.switchTitle')}
        </Title>
        {companies.isPending && <Loader />}
        {(companies.data ?? []).map((company) => (
          <Card key={`${company.countryCode}-${company.registryCode}`} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{company.businessName}</Text>
                <Text size="sm" c="dimmed">
                  {t('login.registryCode', { code: company.registryCode })}
                </Text>
              </div>
              {isCurrent(company.registryCode, company.countryCode) ? (
                <Badge variant="light">{t('myCompany.current')}</Badge>
              ) : (
                <Button
                  variant="light"
                  size="xs"
                  disabled={act.isPending}
                  onClick={() => act.mutate(company, { onSuccess: () => notifySuccess(t('myCompany.switched', { name: company.businessName })) })}
                >
                  {t('myCompany.switch')}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </Page>
  );
}

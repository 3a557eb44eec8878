import { Badge, Button, Card, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ContractNote } from '@/shared/billing/components/contract-note';
import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace } from '@/shared/i18n';
import { NAMESPACE as PICTURES, texts as pictureTexts } from '@/shared/pictures/locales/texts';

import { useActAsCompany } from '@/shared/session/act-as-company';
import { useMe } from '@/shared/session/me';
import { useMyCompanies } from '@/shared/session/my-companies';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';
import { NAMESPACE as HOURS, texts as hoursTexts } from '@/shared/working-hours/locales/texts';

import { type MyCompany, useMyCompany } from '../api/get-my-company';
import { ApiKeysTab } from '../components/api-keys-tab';
import { BrandingTab } from '../components/branding-tab';
import { GeneralTab } from '../components/general-tab';
import { HoursTab } from '../components/hours-tab';
import { StaffTab } from '../components/staff-tab';
import { API_KEYS, apiKeysTexts } from '../locales/api-keys/texts';
import { NAMESPACE, texts } from '../locales/texts';

export const loader = () =>
  Promise.all([
    ensureNamespace(NAMESPACE, texts),
    ensureNamespace(HOURS, hoursTexts),
    ensureNamespace(PICTURES, pictureTexts),
    ensureNamespace(API_KEYS, apiKeysTexts),
    loadBillingTexts(),
  ]).then(() => null);

const TABS = ['general', 'branding', 'staff', 'hours', 'api-keys'] as const;

/** The company's tabs; the one open is in the URL (`?tab=staff`). */
function CompanyTabs({ company }: { company: MyCompany }) {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'general';
  return (
    <Tabs value={tab} onChange={(next) => setParams(next && next !== 'general' ? { tab: next } : {}, { replace: true })} keepMounted={false}>
      <Tabs.List aria-label={t('tabsLabel')} mb="md">
        {TABS.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {t(`tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="general">
        <GeneralTab key={`${company.countryCode}-${company.registryCode}`} company={company} />
      </Tabs.Panel>
      <Tabs.Panel value="branding">
        <BrandingTab key={`${company.countryCode}-${company.registryCode}`} company={company} />
      </Tabs.Panel>
      <Tabs.Panel value="staff">
        <StaffTab company={company} />
      </Tabs.Panel>
      <Tabs.Panel value="hours">
        <HoursTab company={company} />
      </Tabs.Panel>
      <Tabs.Panel value="api-keys">
        <ApiKeysTab company={company} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** `/employer/account/my-company`: the company the employer acts for with its contract, and the switch between companies. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe().data;
  const companies = useMyCompanies();
  const act = useActAsCompany();
  const current = me?.company;
  const myCompany = useMyCompany();
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
              {myCompany.data && (
                <>
                  <Table.Tr>
                    <Table.Th>{t('myCompany.created')}</Table.Th>
                    <Table.Td>{estonianDate(myCompany.data.createdAt)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('myCompany.modified')}</Table.Th>
                    <Table.Td>{estonianDate(myCompany.data.modifiedAt)}</Table.Td>
                  </Table.Tr>
                </>
              )}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {current && <ContractNote />}
      {current && myCompany.data && <CompanyTabs company={myCompany.data} />}
      <Stack gap="sm" id="companies">
        <Title order={2} size="h4">
          {t('myCompany.switchTitle')}
        </Title>
        {companies.isPending && <Loader />}
        {(companies.data ?? []).map((company) => (
          <Card key={`${company.countryCode}-${company.registryCode}`} withBorder padding="sm">
            <Group justify="space-between" gap="xs">
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

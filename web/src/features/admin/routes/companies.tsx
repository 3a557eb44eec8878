import { Anchor, Badge, Button, Card, Group, Loader, ScrollArea, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';

import { type AdminCompany, useAdminCompanies, useSetHasContract } from '../api/companies';
import { CompanyClaims } from '../components/company-claims';
import { CompanyPricesDialog, type PricedCompany } from '../components/company-prices-dialog';
import { LogInAsButton } from '../components/log-in-as-button';
import { useListSearch } from '../lib/use-list-search';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

function CompanyRow({ company, onPrices }: { company: AdminCompany; onPrices: (company: PricedCompany) => void }) {
  const { t } = useTranslation('admin');
  const contract = useSetHasContract();
  const to = useLocalizedPath();
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={to(`/admin/companies/${company.countryCode}/${company.registryCode}`)} fw={600} aria-label={t('companies.openNamed', { name: company.businessName })}>
          {company.businessName}
        </Anchor>
        {company.address && (
          <Text size="xs" c="dimmed">
            {company.address}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{company.registryCode}</Table.Td>
      <Table.Td>{company.supervisor ?? <Text c="dimmed">—</Text>}</Table.Td>
      <Table.Td ta="right">{company.staffCount}</Table.Td>
      <Table.Td ta="right">{company.activeVacancies}</Table.Td>
      <Table.Td>{estonianDate(company.createdAt)}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${t('companies.contract')}: ${company.businessName}`}
          checked={company.hasContract}
          disabled={contract.isPending}
          onChange={(event) =>
            contract.mutate({ company, hasContract: event.currentTarget.checked }, { onSuccess: () => notifySuccess(t('companies.contractSaved')) })
          }
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Button size="xs" variant="default" onClick={() => onPrices(company)} aria-label={t('companies.pricesNamed', { name: company.businessName })}>
            {t('companies.prices')}
          </Button>
          <div>
            <LogInAsButton username={company.supervisor} company={company} to="/employer/account/my-company" label={t('companies.logInAs')} missing={t('companies.noSupervisor')} />
          </div>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** `/admin/companies`: the administrators' landing page — decide claims on companies, find a company, mark its contract, act as it. */
export function Component() {
  const { t } = useTranslation('admin');
  const { search, page, typed, type, setPage } = useListSearch();
  const companies = useAdminCompanies(search, page);
  const rows = companies.data?.content ?? [];
  const [pricing, setPricing] = useState<PricedCompany | null>(null);
  return (
    <Page title={t('companies.title')} size="lg">
      <Stack gap="md">
        <CompanyClaims />
        <Group justify="space-between" align="flex-end">
          <TextInput
            label={t('companies.search')}
            value={typed}
            onChange={(event) => type(event.currentTarget.value)}
            maxLength={100}
            w={{ base: '100%', sm: 360 }}
            rightSection={companies.isFetching ? <Loader size="xs" /> : null}
          />
          {companies.data && <Badge variant="light">{t('companies.total', { count: companies.data.totalElements })}</Badge>}
        </Group>
        <Card withBorder padding={0}>
          <ScrollArea type="auto">
            <Table striped highlightOnHover verticalSpacing="sm" miw={1080}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('companies.name')}</Table.Th>
                  <Table.Th>{t('companies.registryCode')}</Table.Th>
                  <Table.Th>{t('companies.supervisor')}</Table.Th>
                  <Table.Th ta="right">{t('companies.staff')}</Table.Th>
                  <Table.Th ta="right">{t('companies.vacancies')}</Table.Th>
                  <Table.Th>{t('companies.created')}</Table.Th>
                  <Table.Th>{t('companies.contract')}</Table.Th>
                  <Table.Th>{t('companies.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((company) => (
                  <CompanyRow key={`${company.countryCode}-${company.registryCode}`} company={company} onPrices={setPricing} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {companies.isSuccess && rows.length === 0 && (
            <Text c="dimmed" p="md">
              {t('companies.empty')}
            </Text>
          )}
          {companies.isPending && (
            <Group justify="center" p="md">
              <Loader />
            </Group>
          )}
        </Card>
        <Pager page={page} total={companies.data?.totalPages ?? 0} onChange={setPage} />
      </Stack>
      <CompanyPricesDialog company={pricing} onClose={() => setPricing(null)} />
    </Page>
  );
}

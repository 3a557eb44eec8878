import { Badge, Button, Card, Group, Loader, ScrollArea, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';
import { IMPERSONATION_RETURN_KEY } from '@/shared/session/me';

import { type AdminCompany, useAdminCompanies, useRepresent, useSetHasContract } from '../api/companies';
import { CompanyClaims } from '../components/company-claims';
import { readListParams, writeListParams } from '../lib/search-params';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

function CompanyRow({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  const contract = useSetHasContract();
  const represent = useRepresent();
  const logInAs = () => {
    if (!company.supervisor) return;
    represent.mutate(company.supervisor, {
      onSuccess: () => {
        try {
          sessionStorage.setItem(IMPERSONATION_RETURN_KEY, `${window.location.pathname}${window.location.search}`);
        } catch {
          // without storage the way back lands on the home page
        }
        window.location.assign(to('/employer/account/my-company'));
      },
    });
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{company.businessName}</Text>
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
        <Tooltip label={t('companies.noSupervisor')} disabled={!!company.supervisor}>
          <span>
            <Button size="xs" variant="light" onClick={logInAs} loading={represent.isPending} disabled={!company.supervisor || represent.isPending}>
              {t('companies.logInAs')}
            </Button>
          </span>
        </Tooltip>
        {represent.isError && (
          <Text size="xs" c="red" role="alert">
            {errorText(represent.error)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `/admin/companies`: the administrators' landing page — decide claims on companies, find a company, mark its contract, act as it. */
export function Component() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const { search, page } = readListParams(params);
  const [typed, setTyped] = useState(search);
  const companies = useAdminCompanies(search, page);
  const applySearch = useDebouncedCallback((value: string) => setParams(writeListParams(value, 0), { replace: true }), 500);
  const rows = companies.data?.content ?? [];
  return (
    <Page title={t('companies.title')} size="lg">
      <Stack gap="md">
        <CompanyClaims />
        <Group justify="space-between" align="flex-end">
          <TextInput
            label={t('companies.search')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            maxLength={100}
            w={{ base: '100%', sm: 360 }}
            rightSection={companies.isFetching ? <Loader size="xs" /> : null}
          />
          {companies.data && <Badge variant="light">{t('companies.total', { count: companies.data.totalElements })}</Badge>}
        </Group>
        <Card withBorder padding={0}>
          <ScrollArea type="auto">
            <Table striped highlightOnHover verticalSpacing="sm" miw={960}>
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
                  <CompanyRow key={`${company.countryCode}-${company.registryCode}`} company={company} />
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
        <Pager page={page} total={companies.data?.totalPages ?? 0} onChange={(next) => setParams(writeListParams(search, next))} />
      </Stack>
    </Page>
  );
}

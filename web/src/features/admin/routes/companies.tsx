import { Anchor, Badge, Button, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { type UrlSorting, useUrlSorting } from '@/shared/lib/use-url-sorting';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';

import { type AdminCompany, useAdminCompanies, useSetHasContract } from '../api/companies';
import { CompanyClaims } from '../components/company-claims';
import { CompanyPricesDialog, type PricedCompany } from '../components/company-prices-dialog';
import { LogInAsButton } from '../components/log-in-as-button';
import { type ListQuery, ResponsiveList, TwoLines } from '../components/responsive-list';
import { COMPANY_SORTS } from '../lib/sort-fields';
import { useListSearch } from '../lib/use-list-search';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

function ContractSwitch({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const contract = useSetHasContract();
  return (
    <Switch
      aria-label={`${t('companies.contract')}: ${company.businessName}`}
      checked={company.hasContract}
      disabled={contract.isPending}
      onChange={(event) => contract.mutate({ company, hasContract: event.currentTarget.checked }, { onSuccess: () => notifySuccess(t('companies.contractSaved')) })}
    />
  );
}

/** The companies as a table (cards on a phone): name and address, figures, the contract flag; prices, log in as. */
function CompanyList({
  companies,
  query,
  sorting,
  search,
  onPrices,
}: {
  companies: AdminCompany[];
  query: ListQuery;
  sorting: UrlSorting;
  search: string;
  onPrices: (company: PricedCompany) => void;
}) {
  const { t } = useTranslation('admin');
  const to = useLocalizedPath();
  return (
    <ResponsiveList
      rows={companies}
      rowKey={(company) => `${company.countryCode}-${company.registryCode}`}
      columns={[
        {
          header: t('companies.name'),
          cell: (company) => (
            <TwoLines
              main={
                <Anchor component={Link} to={to(`/admin/companies/${company.countryCode}/${company.registryCode}`)} inherit aria-label={t('companies.openNamed', { name: company.businessName })}>
                  {company.businessName}
                </Anchor>
              }
              note={company.address}
            />
          ),
          sort: 'name',
        },
        { header: t('companies.registryCode'), cell: (company) => company.registryCode, sort: 'registryCode' },
        { header: t('companies.supervisor'), cell: (company) => company.supervisor ?? <Text c="dimmed">—</Text>, wide: true },
        { header: t('companies.staff'), cell: (company) => company.staffCount, numeric: true },
        { header: t('companies.vacancies'), cell: (company) => company.activeVacancies, numeric: true, sort: 'activeVacancies' },
        {
          header: t('companies.created'),
          // the modified date under the registered one: a column of its own would make the table
          // wider than its room beside the sidebar at 1280 px (it would scroll sideways)
          cell: (company) => <TwoLines plain main={estonianDate(company.createdAt)} note={`${t('companies.modified')} ${estonianDate(company.modifiedAt)}`} />,
          sort: 'created',
        },
        { header: t('companies.contract'), cell: (company) => <ContractSwitch company={company} /> },
      ]}
      actions={{
        header: t('companies.actions'),
        cell: (company) => (
          <>
            <Button size="xs" variant="default" onClick={() => onPrices(company)} aria-label={t('companies.pricesNamed', { name: company.businessName })}>
              {t('companies.prices')}
            </Button>
            <div>
              <LogInAsButton username={company.supervisor} company={company} to="/employer/account/my-company" label={t('companies.logInAs')} missing={t('companies.noSupervisor')} />
            </div>
          </>
        ),
      }}
      cardLabel={(company) => company.businessName}
      label={t('companies.title')}
      minWidth={960}
      table={{ striped: true, highlightOnHover: true }}
      query={query}
      empty={t('companies.empty')}
      sorting={sorting}
      filter={search}
    />
  );
}

/** `/admin/companies`: the administrators' landing page — decide claims on companies, find a company, mark its contract, act as it. */
export function Component() {
  const { t } = useTranslation('admin');
  const { search, page, typed, type, setPage } = useListSearch();
  const sorting = useUrlSorting(COMPANY_SORTS);
  const companies = useAdminCompanies(search, page, sorting.sorting);
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
        <CompanyList
          companies={rows}
          onPrices={setPricing}
          query={companies}
          sorting={sorting}
          search={search}
        />
        <Pager page={page} total={companies.data?.totalPages ?? 0} onChange={setPage} />
      </Stack>
      <CompanyPricesDialog company={pricing} onClose={() => setPricing(null)} />
    </Page>
  );
}

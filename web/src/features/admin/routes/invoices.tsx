import { Anchor, Badge, Button, Card, Group, Loader, ScrollArea, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { type UrlSorting, useUrlSorting } from '@/shared/lib/use-url-sorting';
import { DateField } from '@/shared/ui/date-field';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';
import { Pager } from '@/shared/vacancies/pager';

import { type AdminInvoice, useAdminInvoices } from '../api/get-invoices';
import { BankStatements } from '../components/bank-statements';
import { DeleteInvoiceDialog } from '../components/delete-invoice-dialog';
import { ForcePaymentDialog, type InvoiceRef } from '../components/force-payment-dialog';
import { type ListQuery, ResponsiveList, TwoLines } from '../components/responsive-list';
import { INVOICE_SORTS } from '../lib/sort-fields';
import { INVOICE_STATUSES, type InvoiceFilter, type InvoiceStatus, readInvoiceFilter, withInvoiceFilter, writeInvoiceFilter } from '../lib/invoice-filter';
import { texts } from '../texts';
import { useOpenFile } from '@/shared/ui/open-file';

export const loader = () => ensureNamespace('admin', texts);

const STATUS_COLOR: Readonly<Record<string, string>> = { UNPAID: 'orange', PAID: 'green', CANCELLED: 'gray' };
const ALL = 'ALL';

/** The invoices as a table (cards on a phone): number, buyer, dates, status and sum; PDF, mark paid, delete. */
function InvoiceList({
  invoices,
  query,
  sorting,
  filter,
  onForce,
  onDelete,
}: {
  invoices: AdminInvoice[];
  query: ListQuery;
  sorting: UrlSorting;
  filter: InvoiceFilter;
  onForce: (ref: InvoiceRef) => void;
  onDelete: (ref: InvoiceRef) => void;
}) {
  const { t } = useTranslation('admin');
  const openFile = useOpenFile();
  const language = useLanguage();
  return (
    <ResponsiveList
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      columns={[
        {
          header: t('invoices.number'),
          cell: (invoice) => <TwoLines main={invoice.number} note={invoice.referenceNumber} />,
        },
        {
          header: t('invoices.buyer'),
          cell: (invoice) => <TwoLines main={invoice.buyerName} note={invoice.buyerRegistryCode} plain />,
        },
        { header: t('invoices.issued'), cell: (invoice) => estonianDate(invoice.date), sort: 'date' },
        { header: t('invoices.due'), cell: (invoice) => estonianDate(invoice.expirationDate) },
        {
          header: t('invoices.state'),
          cell: (invoice) => (
            <Group gap={4}>
              <Badge color={STATUS_COLOR[invoice.status] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
                {t(`invoices.status.${invoice.status}`)}
              </Badge>
              {invoice.overdue && (
                <Badge color="red" style={{ textTransform: 'none' }}>
                  {t('invoices.overdue')}
                </Badge>
              )}
            </Group>
          ),
          sort: 'status',
        },
        { header: t('invoices.sum'), cell: (invoice) => formatEuros(invoice.sumCents, language), numeric: true },
      ]}
      actions={{
        header: t('companies.actions'),
        cell: (invoice) => {
          const ref = { id: invoice.id, number: invoice.number };
          return (
            <>
              <Anchor href={`/api/admin/invoice/${invoice.id}/pdf?lang=${language}`} onClick={openFile} size="sm" style={{ alignSelf: 'center' }} aria-label={t('invoices.pdfNamed', { number: invoice.number })}>
                PDF
              </Anchor>
              {invoice.status === 'UNPAID' && (
                <Button size="xs" variant="light" color="green" onClick={() => onForce(ref)} aria-label={t('invoices.forceNamed', { number: invoice.number })}>
                  {t('invoices.force')}
                </Button>
              )}
              <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(ref)} aria-label={t('invoices.deleteNamed', { number: invoice.number })}>
                {t('invoices.delete')}
              </Button>
            </>
          );
        },
      }}
      cardLabel={(invoice) => t('invoices.cardNamed', { number: invoice.number })}
      label={t('invoices.title')}
      minWidth={900}
      table={{ striped: true, highlightOnHover: true }}
      query={query}
      empty={t('invoices.empty')}
      sorting={sorting}
      filter={{ ...filter, page: undefined }}
    />
  );
}

/**
 * `/admin/invoices[?status&company&from&to&sort&order&page]`: every company's invoices with the sums per status, forced payment and
 * deletion; below them bank statements are uploaded and their unmatched lines resolved by hand.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const filter = readInvoiceFilter(params);
  const show = (next: InvoiceFilter, replace = false) => setParams((current) => writeInvoiceFilter(next, current), { replace });
  const sorting = useUrlSorting(INVOICE_SORTS);
  const [typed, setTyped] = useState(filter.company);
  const applyCompany = useDebouncedCallback((company: string) => show(withInvoiceFilter(readInvoiceFilter(params), { company }), true), 500);
  const invoices = useAdminInvoices(filter, sorting.sorting);
  const [forcing, setForcing] = useState<InvoiceRef | null>(null);
  const [deleting, setDeleting] = useState<InvoiceRef | null>(null);
  const sums = invoices.data?.sums ?? [];
  const rows = invoices.data?.content ?? [];
  return (
    <Page title={t('invoices.title')} size="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('invoices.company')}
            value={typed}
            maxLength={100}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              applyCompany(event.currentTarget.value);
            }}
            rightSection={invoices.isFetching ? <Loader size="xs" /> : null}
          />
          <DateField label={t('invoices.from')} value={filter.from} onChange={(from) => show(withInvoiceFilter(filter, { from }))} />
          <DateField label={t('invoices.to')} value={filter.to} onChange={(to) => show(withInvoiceFilter(filter, { to }))} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {sums.map((sum) => (
            <Card key={sum.status} withBorder padding="sm" component="section" aria-label={t(`invoices.status.${sum.status}`)}>
              <Text size="sm" c="dimmed">
                {t(`invoices.status.${sum.status}`)} · {t('invoices.count', { count: sum.count })}
              </Text>
              <Text fw={700} size="lg">
                {formatEuros(sum.totalCents, language)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Tabs
          value={filter.status ?? ALL}
          onChange={(value) => show(withInvoiceFilter(filter, { status: value === ALL || !value ? null : (value as InvoiceStatus) }))}
        >
          <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
            <Tabs.List aria-label={t('invoices.statusFilter')} style={{ flexWrap: 'nowrap' }}>
              <Tabs.Tab value={ALL}>{t('invoices.all')}</Tabs.Tab>
              {INVOICE_STATUSES.map((status) => (
                <Tabs.Tab key={status} value={status} style={{ whiteSpace: 'nowrap' }}>
                  {t(`invoices.status.${status}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
        </Tabs>
        <InvoiceList
          invoices={rows}
          onForce={setForcing}
          onDelete={setDeleting}
          query={invoices}
          sorting={sorting}
          filter={filter}
        />
        <Pager page={filter.page} total={invoices.data?.totalPages ?? 0} onChange={(page) => show({ ...filter, page })} />
        <BankStatements />
      </Stack>
      <ForcePaymentDialog invoice={forcing} onClose={() => setForcing(null)} />
      <DeleteInvoiceDialog invoice={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}

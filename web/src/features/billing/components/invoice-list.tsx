import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceListItem } from '@/shared/billing/api/types';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { useDesktop } from '@/shared/ui/use-desktop';
import { estonianDate } from '@/shared/vacancies/format';

import { NAMESPACE } from '../texts';
import { DocumentLinks } from './document-links';
import { InvoiceStatus } from './invoice-status';

interface ListProps {
  invoices: InvoiceListItem[];
  onOpen: (invoice: InvoiceListItem) => void;
  onPay: (invoice: InvoiceListItem) => void;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const OVERDUE_BORDER = { borderColor: 'var(--mantine-color-red-5)', borderWidth: 2 } as const;

function InvoiceNumber({ invoice, onOpen }: { invoice: InvoiceListItem; onOpen: ListProps['onOpen'] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Anchor component="button" type="button" fw={700} c="dark" onClick={() => onOpen(invoice)} aria-label={t('openInvoice', { number: invoice.number })}>
      {invoice.number}
    </Anchor>
  );
}

function PayButton({ invoice, onPay }: { invoice: InvoiceListItem; onPay: ListProps['onPay'] }) {
  const { t } = useTranslation(NAMESPACE);
  if (invoice.status !== 'UNPAID') return null;
  return (
    <Button size="xs" onClick={() => onPay(invoice)} aria-label={t('payInvoice', { number: invoice.number })}>
      {t('pay')}
    </Button>
  );
}

/** An invoice as a card: the narrow screens' list. An overdue one has a red frame. */
function InvoiceCard({ invoice, onOpen, onPay }: { invoice: InvoiceListItem } & Omit<ListProps, 'invoices'>) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={t('invoiceTitle', { number: invoice.number })} style={invoice.overdue ? OVERDUE_BORDER : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <InvoiceNumber invoice={invoice} onOpen={onOpen} />
          <Text fw={700} style={NO_WRAP}>
            {formatEuros(invoice.sumCents, language)}
          </Text>
        </Group>
        <InvoiceStatus invoice={invoice} />
        <Text size="sm" c="dimmed">
          {t('issuedOn', { date: estonianDate(invoice.date) })} · {t('dueOn', { date: estonianDate(invoice.expirationDate) })}
        </Text>
        <Group gap={6}>
          <PayButton invoice={invoice} onPay={onPay} />
          <Button variant="default" size="xs" onClick={() => onOpen(invoice)}>
            {t('details')}
          </Button>
          <DocumentLinks id={invoice.id} number={invoice.number} />
        </Group>
      </Stack>
    </Card>
  );
}

/** An invoice as a table row: the wide screens' list. An overdue one is tinted red. */
function InvoiceRow({ invoice, onOpen, onPay }: { invoice: InvoiceListItem } & Omit<ListProps, 'invoices'>) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  return (
    <Table.Tr aria-label={t('invoiceTitle', { number: invoice.number })} bg={invoice.overdue ? 'red.0' : undefined}>
      <Table.Td>
        <InvoiceNumber invoice={invoice} onOpen={onOpen} />
      </Table.Td>
      <Table.Td style={NO_WRAP}>{estonianDate(invoice.date)}</Table.Td>
      <Table.Td style={NO_WRAP} c={invoice.overdue ? 'red.8' : undefined} fw={invoice.overdue ? 700 : undefined}>
        {estonianDate(invoice.expirationDate)}
      </Table.Td>
      <Table.Td>
        <InvoiceStatus invoice={invoice} />
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {formatEuros(invoice.sumCents, language)}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <PayButton invoice={invoice} onPay={onPay} />
          <DocumentLinks id={invoice.id} number={invoice.number} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The invoices as cards below 1024 px, as a table from there. */
export function InvoiceList({ invoices, onOpen, onPay }: ListProps) {
  const { t } = useTranslation(NAMESPACE);
  const desktop = useDesktop();
  if (!desktop) {
    return (
      <Stack gap="sm">
        {invoices.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} onOpen={onOpen} onPay={onPay} />
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="sm" highlightOnHover aria-label={t('title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('columns.number')}</Table.Th>
          <Table.Th>{t('columns.date')}</Table.Th>
          <Table.Th>{t('columns.dueOn')}</Table.Th>
          <Table.Th>{t('columns.status')}</Table.Th>
          <Table.Th ta="right">{t('columns.sum')}</Table.Th>
          <Table.Th ta="right">{t('columns.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} onOpen={onOpen} onPay={onPay} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

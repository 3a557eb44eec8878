import { Alert, Anchor, Button, Center, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { Invoice, InvoicePayment } from '@/shared/billing/api/types';
import { BankDetails } from '@/shared/billing/components/bank-details';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { useDesktop } from '@/shared/ui/use-desktop';
import { estonianDate } from '@/shared/vacancies/format';

import { useInvoice } from '../api/get-invoice';
import { NAMESPACE } from '../texts';
import { DocumentLinks } from './document-links';
import { InvoiceStatus } from './invoice-status';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A VAT rate in basis points as a percentage: 2400 → "24 %". */
function percent(basisPoints: number, language: string): string {
  return new Intl.NumberFormat(language === 'et' ? 'et-EE' : language === 'ru' ? 'ru-RU' : 'en-IE', { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function Lines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const euros = (cents: number) => formatEuros(cents, language);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={t('detail.lines')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.description')}</Table.Th>
            <Table.Th ta="right">{t('detail.quantity')}</Table.Th>
            <Table.Th ta="right">{t('detail.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('detail.discount')}</Table.Th>
            <Table.Th ta="right">{t('detail.net')}</Table.Th>
            <Table.Th ta="right">{t('detail.vatRate')}</Table.Th>
            <Table.Th ta="right">{t('detail.vat')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line, index) => (
            <Table.Tr key={`${line.code}-${index}`}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {euros(line.unitPriceCents)}
              </Table.Td>
              <Table.Td ta="right">{line.discount > 0 ? percent(line.discount * 10_000, language) : '—'}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {euros(line.netCents)}
              </Table.Td>
              <Table.Td ta="right">{percent(line.vatRateBp, language)}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {euros(line.vatCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The invoice's sums under its lines, kept in view on narrow screens (the lines scroll sideways). */
function Totals({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const rows: [string, number, boolean][] = [
    [t('detail.subtotal'), invoice.subtotalCents, false],
    [t('detail.vatTotal'), invoice.vatCents, false],
    [t('detail.total'), invoice.sumCents, true],
  ];
  return (
    <Stack gap={4} ml="auto" w={{ base: '100%', sm: 300 }} aria-label={t('detail.totals')} role="group">
      {rows.map(([label, cents, strong]) => (
        <Group key={label} justify="space-between" wrap="nowrap">
          <Text size="sm" fw={strong ? 700 : undefined}>
            {label}
          </Text>
          <Text size="sm" fw={strong ? 700 : undefined} style={NO_WRAP}>
            {formatEuros(cents, language)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Payments({ payments }: { payments: InvoicePayment[] }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  if (!payments.length) return <Text size="sm" c="dimmed">{t('detail.noPayments')}</Text>;
  return (
    <Table aria-label={t('detail.payments')} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('detail.paymentDate')}</Table.Th>
          <Table.Th>{t('detail.method')}</Table.Th>
          <Table.Th>{t('detail.paymentStatus')}</Table.Th>
          <Table.Th ta="right">{t('detail.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Td style={NO_WRAP}>{estonianDate(payment.receivedAt) ?? '—'}</Table.Td>
            <Table.Td>{t(`methods.${payment.method}`)}</Table.Td>
            <Table.Td>{t(`paymentStatus.${payment.status}`)}</Table.Td>
            <Table.Td ta="right" style={NO_WRAP}>
              {formatEuros(payment.amountCents, language)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InvoiceDetail({ invoice, onPay, onCancel }: { invoice: Invoice; onPay: (invoice: Invoice) => void; onCancel: (invoice: Invoice) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const unpaid = invoice.status === 'UNPAID';
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <InvoiceStatus invoice={invoice} />
        <DocumentLinks id={invoice.id} number={invoice.number} size="sm" />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Field label={t('columns.date')}>{estonianDate(invoice.date)}</Field>
        <Field label={t('columns.dueOn')}>{estonianDate(invoice.expirationDate)}</Field>
        {invoice.paidAt && <Field label={t('detail.paidAt')}>{estonianDate(invoice.paidAt)}</Field>}
        <Field label={t('detail.buyer')}>
          {[invoice.buyer.name, invoice.buyer.registryCode].filter(Boolean).join(', ')}
        </Field>
        {invoice.buyer.address && <Field label={t('detail.address')}>{invoice.buyer.address}</Field>}
        {invoice.buyer.email && <Field label={t('detail.email')}>{invoice.buyer.email}</Field>}
      </SimpleGrid>
      {invoice.vacancyId && (
        <Anchor component={Link} to={to(`/employer/account/my-vacancies/${invoice.vacancyId}/preview`)} size="sm">
          {t('detail.vacancy')}
        </Anchor>
      )}
      <Stack gap="xs">
        <Lines invoice={invoice} />
        <Totals invoice={invoice} />
      </Stack>
      {unpaid && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('detail.bank')}
          </Title>
          <BankDetails bank={invoice.bank} referenceNumber={invoice.referenceNumber} totalCents={invoice.sumCents} dueOn={invoice.expirationDate} invoiceNumber={invoice.number} />
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('detail.payments')}
        </Title>
        <Payments payments={invoice.payments} />
      </Stack>
      {unpaid && (
        <Group justify="space-between">
          <Button color="red" variant="subtle" onClick={() => onCancel(invoice)}>
            {t('cancel.open')}
          </Button>
          <Button onClick={() => onPay(invoice)}>{t('pay')}</Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * One invoice in a drawer (from the right on wide screens, full screen below): its lines with VAT and
 * totals, the bank details with the reference number while unpaid, the payments; pay, cancel,
 * download.
 */
export function InvoiceDrawer({
  id,
  onClose,
  onPay,
  onCancel,
}: {
  id: string | null;
  onClose: () => void;
  onPay: (invoice: Invoice) => void;
  onCancel: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const desktop = useDesktop();
  const invoice = useInvoice(id);
  const title = invoice.data ? t('invoiceTitle', { number: invoice.data.number }) : t('detail.title');
  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      title={
        <Title order={2} size="h3">
          {title}
        </Title>
      }
      position="right"
      size={desktop ? 'xl' : '100%'}
      padding="lg"
      closeButtonProps={{ 'aria-label': t('translation:common.close') }}
    >
      {invoice.isPending && (
        <Center py="xl">
          <Loader aria-label={t('translation:common.loading')} />
        </Center>
      )}
      {invoice.isError && (
        <Alert color="red" role="alert">
          {errorText(invoice.error)}
        </Alert>
      )}
      {invoice.data && <InvoiceDetail invoice={invoice.data} onPay={onPay} onCancel={onCancel} />}
    </Drawer>
  );
}

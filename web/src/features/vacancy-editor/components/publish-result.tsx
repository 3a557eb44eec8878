import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClock, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { PayableInvoice } from '@/shared/billing/api/types';
import { PayDialog } from '@/shared/billing/components/payment-choice';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { notifySuccess } from '@/shared/ui/notify';
import { estonianDate } from '@/shared/vacancies/format';

import { usePayInSandbox } from '../api/pay-in-sandbox';
import type { DisplayedState, InvoiceSummary } from '../api/types';

function InvoiceTable({ invoice }: { invoice: InvoiceSummary }) {
  const { t, i18n } = useTranslation('vacancyEditor');
  const rows: [string, string][] = [
    [t('invoice.number'), invoice.number],
    [t('invoice.referenceNumber'), invoice.referenceNumber],
    [t('invoice.total'), formatEuros(invoice.totalCents, i18n.language)],
    [t('invoice.dueOn'), estonianDate(invoice.dueOn) ?? invoice.dueOn],
  ];
  return (
    <Table variant="vertical" withTableBorder maw={460} aria-label={t('invoice.title')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * What became of a published vacancy: live (with its public page), waiting for its publish time,
 * or waiting for payment (the invoice, paying it in the pay dialog, and in dev mode marking it paid
 * in the sandbox). Any other state is named.
 */
export function PublishResult({
  vacancyId,
  state,
  invoice,
  publishAt,
  sandbox,
}: {
  vacancyId: string;
  state: DisplayedState;
  invoice: InvoiceSummary | null | undefined;
  publishAt: string | null;
  sandbox: boolean;
}) {
  const { t } = useTranslation('vacancyEditor');
  const to = useLocalizedPath();
  const pay = usePayInSandbox(vacancyId);
  const [paying, setPaying] = useState<PayableInvoice | null>(null);
  const myVacancies = (
    <Button component={Link} to={to('/employer/account/my-vacancies')} variant="default">
      {t('result.myVacancies')}
    </Button>
  );

  if (state === 'ACTIVE') {
    return (
      <Stack gap="md" role="status">
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={32} color="var(--mantine-color-green-7)" aria-hidden />
          <Title order={3}>{t('result.active')}</Title>
        </Group>
        <Text>{t('result.activeText')}</Text>
        {invoice && invoice.status === 'UNPAID' && (
          <Stack gap="xs">
            <Text size="sm">{t('result.invoiceToPay')}</Text>
            <InvoiceTable invoice={invoice} />
          </Stack>
        )}
        <Group gap="sm">
          <Button component={Link} to={to(`/vacancies/${vacancyId}`)}>
            {t('result.openPublic')}
          </Button>
          {myVacancies}
        </Group>
      </Stack>
    );
  }

  if (state === 'WAITING_FOR_PUBLICATION') {
    const date = publishAt ? new Intl.DateTimeFormat('et-EE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Tallinn' }).format(new Date(publishAt)) : null;
    return (
      <Stack gap="md" role="status">
        <Group gap="sm" wrap="nowrap">
          <IconClock size={32} color="var(--mantine-color-blue-7)" aria-hidden />
          <Title order={3}>{t('result.waitingForPublication')}</Title>
        </Group>
        <Text>{date ? t('result.publishedAt', { date }) : t('result.publishedLater')}</Text>
        {invoice && invoice.status === 'UNPAID' && <InvoiceTable invoice={invoice} />}
        <Group>{myVacancies}</Group>
      </Stack>
    );
  }

  if (state === 'WAITING_FOR_PAYMENT') {
    return (
      <Stack gap="md" role="status">
        <Group gap="sm" wrap="nowrap">
          <IconReceipt size={32} color="var(--mantine-color-orange-7)" aria-hidden />
          <Title order={3}>{t('result.waitingForPayment')}</Title>
        </Group>
        <Text>{t('result.waitingForPaymentText')}</Text>
        {invoice && <InvoiceTable invoice={invoice} />}
        {pay.isError && (
          <Alert color="red" role="alert">
            {errorText(pay.error)}
          </Alert>
        )}
        <Group gap="sm">
          {invoice && invoice.status === 'UNPAID' && (
            <Button onClick={() => setPaying({ id: invoice.id, number: invoice.number, sumCents: invoice.totalCents, status: invoice.status, currency: invoice.currency })}>
              {t('result.payNow')}
            </Button>
          )}
          {sandbox && invoice && invoice.status === 'UNPAID' && (
            <Button color="orange" loading={pay.isPending} onClick={() => pay.mutate(invoice.id, { onSuccess: () => notifySuccess(t('result.paid')) })}>
              {t('result.payInSandbox')}
            </Button>
          )}
          {myVacancies}
        </Group>
        <PayDialog invoice={paying} onClose={() => setPaying(null)} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" role="status">
      <Text>{t('result.state', { state: t(`states.${state}`) })}</Text>
      <Group>{myVacancies}</Group>
    </Stack>
  );
}

import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { INVOICES_KEY, SERVICES_KEY } from '@/shared/billing/api/keys';
import type { PaymentStatus } from '@/shared/billing/api/types';
import { APPLICANT_SERVICES, EMPLOYER_INVOICES, EMPLOYER_SERVICES, invoicePath } from '@/shared/billing/lib/paths';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { badgeCountsKey } from '@/shared/session/badge-counts';
import { Page } from '@/shared/ui/page';

import { useInvoice } from '../api/get-invoice';
import { usePaymentStatus } from '../api/get-payment-status';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** The links on from a decided payment: the employer's invoice, services and vacancy; the applicant's services. */
function OnwardLinks({ payment, employer }: { payment: PaymentStatus; employer: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const succeeded = payment.status === 'SUCCEEDED';
  const invoice = useInvoice(employer && succeeded ? payment.invoiceId : null);
  if (!employer) {
    return (
      <Group>
        <Button component={Link} to={to(APPLICANT_SERVICES)}>
          {t('return.myServices')}
        </Button>
      </Group>
    );
  }
  const vacancyId = invoice.data?.vacancyId;
  return (
    <Group gap="sm">
      {succeeded ? (
        <Button component={Link} to={to(EMPLOYER_INVOICES)}>
          {t('return.myInvoices')}
        </Button>
      ) : (
        <Button component={Link} to={to(invoicePath(payment.invoiceId, true))}>
          {t('return.tryAgain')}
        </Button>
      )}
      {succeeded && vacancyId && (
        <Button component={Link} to={to(`/employer/account/my-vacancies/${vacancyId}/preview`)} variant="default">
          {t('return.vacancy')}
        </Button>
      )}
      {succeeded ? (
        <Button component={Link} to={to(EMPLOYER_SERVICES)} variant="default">
          {t('return.myServices')}
        </Button>
      ) : (
        <Button component={Link} to={to(EMPLOYER_INVOICES)} variant="default">
          {t('return.myInvoices')}
        </Button>
      )}
    </Group>
  );
}

const LOOK: Readonly<Record<string, { Icon: typeof IconClock; color: string }>> = {
  SUCCEEDED: { Icon: IconCircleCheck, color: 'var(--mantine-color-green-7)' },
  FAILED: { Icon: IconCircleX, color: 'var(--mantine-color-red-7)' },
  CANCELLED: { Icon: IconCircleX, color: 'var(--mantine-color-orange-7)' },
  PENDING: { Icon: IconClock, color: 'var(--mantine-color-blue-7)' },
};

/**
 * `/employer/account/payment/{paymentId}` and `/account/payment/{paymentId}`: where the payment
 * provider sends the payer back (with its `order-token`). Asks for the payment's state until it is
 * decided, then says how it went and where to go on.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const to = useLocalizedPath();
  const client = useQueryClient();
  const { paymentId = '' } = useParams();
  const [search] = useSearchParams();
  const employer = useLocation().pathname.includes('/employer/');
  const orderToken = search.get('order-token') ?? search.get('orderToken');
  const payment = usePaymentStatus(paymentId, orderToken);
  const status = payment.data?.status;

  // a decided payment changed the invoices, services, badge and perhaps a vacancy
  useEffect(() => {
    if (!status || status === 'PENDING') return;
    for (const queryKey of [INVOICES_KEY, SERVICES_KEY, badgeCountsKey, ['employer-vacancies']]) void client.invalidateQueries({ queryKey });
  }, [status, client]);

  let body;
  if (payment.isError) {
    body = (
      <Stack>
        <Alert color="red" role="alert">
          {errorText(payment.error)}
        </Alert>
        <Group>
          <Button component={Link} to={to(employer ? EMPLOYER_INVOICES : APPLICANT_SERVICES)} variant="default">
            {t(employer ? 'return.myInvoices' : 'return.myServices')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (!payment.data || payment.data.status === 'PENDING') {
    body = (
      <Group role="status" gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{t('return.pending')}</Text>
      </Group>
    );
  } else {
    const { Icon, color } = LOOK[payment.data.status] ?? LOOK.FAILED;
    body = (
      <Stack gap="md" role="status">
        <Group gap="sm" wrap="nowrap">
          <Icon size={32} color={color} aria-hidden />
          <Title order={2} size="h3">
            {t(`return.${payment.data.status}`)}
          </Title>
        </Group>
        <Text>{payment.data.message}</Text>
        <Text size="sm" c="dimmed">
          {t('return.invoice', { number: payment.data.invoiceNumber, amount: formatEuros(payment.data.amountCents, language) })}
        </Text>
        <OnwardLinks payment={payment.data} employer={employer} />
      </Stack>
    );
  }
  return <Page title={t('return.title')}>{body}</Page>;
}

import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { hardNavigate } from '@/shared/lib/hard-navigate';
import { formatEuros } from '@/shared/lib/money';
import { z } from '@/shared/lib/zod';

import { useConfirmPayment } from '../api/confirm-payment';
import { usePaymentMethods } from '../api/get-payment-methods';
import type { PayableInvoice, PaymentMethodCode, PaymentStart } from '../api/types';
import { BILLING_NAMESPACE } from '../texts';
import { BankDetails } from './bank-details';

/** What the server answered for a method that is not paid online: the details to pay by. */
function BankDetailsStep({ start, method, invoiceNumber, onClose }: { start: PaymentStart; method: PaymentMethodCode; invoiceNumber: string; onClose: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  return (
    <Stack role="status" aria-label={t('pay.detailsTitle')}>
      <Text>{t(method === 'INVOICE' ? 'pay.byInvoice' : 'pay.byTransfer')}</Text>
      {start.bank ? (
        <BankDetails bank={start.bank} referenceNumber={start.referenceNumber} totalCents={start.totalCents} dueOn={start.dueOn} invoiceNumber={invoiceNumber} />
      ) : (
        <Text>{t('pay.referenceOnly', { reference: start.referenceNumber })}</Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('pay.done')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Paying an invoice: the methods the server offers, then either the provider's page (the browser
 * leaves for it) or the bank details with the reference number. Usable inside any dialog: the pay
 * dialog, and the buy dialogs once their order is made.
 */
export function PaymentChoice({ invoice, onClose }: { invoice: PayableInvoice; onClose: () => void }) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const language = useLanguage();
  const methods = usePaymentMethods(language, invoice.currency);
  const confirm = useConfirmPayment();
  const [details, setDetails] = useState<{ start: PaymentStart; method: PaymentMethodCode } | null>(null);
  const [leaving, setLeaving] = useState(false);

  const schema = z.object({ method: z.string().min(1, t('pay.methodRequired')) });
  const form = useForm({ mode: 'controlled', initialValues: { method: '' }, validate: schemaResolver(schema, { sync: true }) });

  const heading = (
    <Text fw={500}>
      {t('pay.invoice', { number: invoice.number, total: formatEuros(invoice.sumCents, i18n.language) })}
    </Text>
  );

  if (details) {
    return (
      <Stack>
        {heading}
        <BankDetailsStep start={details.start} method={details.method} invoiceNumber={invoice.number} onClose={onClose} />
      </Stack>
    );
  }
  if (invoice.status !== 'UNPAID') {
    return (
      <Stack>
        {heading}
        <Text>{t(`pay.notPayable.${invoice.status}`)}</Text>
      </Stack>
    );
  }
  if (methods.isPending) return <Loader aria-label={t('translation:common.loading')} />;
  if (methods.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(methods.error)}
      </Alert>
    );
  }

  const chosen = methods.data.find((method) => method.code === form.values.method);
  const submit = form.onSubmit(({ method }) => {
    const code = method as PaymentMethodCode;
    confirm.mutate(
      { invoiceId: invoice.id, method: code, currency: invoice.currency },
      {
        onSuccess: (start) => {
          if (start.kind === 'REDIRECT' && start.redirectUrl) {
            setLeaving(true);
            hardNavigate(start.redirectUrl);
          } else {
            setDetails({ start, method: code });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'method') form.setFieldError('method', errorText(error));
        },
      },
    );
  });
  const fieldError = confirm.error instanceof ApiError && confirm.error.field === 'method';

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {heading}
        <Radio.Group label={t('pay.method')} required {...form.getInputProps('method')}>
          <Stack gap="sm" mt="xs">
            {methods.data.map((method) => (
              <Radio key={method.code} value={method.code} label={method.label} description={method.description} />
            ))}
          </Stack>
        </Radio.Group>
        {confirm.isError && !fieldError && (
          <Alert color="red" role="alert">
            {errorText(confirm.error)}
          </Alert>
        )}
        {leaving && <Text role="status">{t('pay.leaving')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={confirm.isPending || leaving}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" loading={confirm.isPending || leaving} rightSection={chosen?.online ? <IconExternalLink size={16} aria-hidden /> : undefined}>
            {chosen?.online ? t('pay.goToPayment') : t('pay.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The pay dialog of an invoice (null: closed). */
export function PayDialog({ invoice, onClose }: { invoice: PayableInvoice | null; onClose: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  return (
    <Modal opened={!!invoice} onClose={onClose} title={t('pay.title')} centered size="lg">
      {invoice && <PaymentChoice key={invoice.id} invoice={invoice} onClose={onClose} />}
    </Modal>
  );
}

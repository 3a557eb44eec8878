import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';

import { useForcePayment } from '../api/force-payment';

export interface InvoiceRef {
  id: string;
  number: string;
}

/** Marks an unpaid invoice paid on the administrator's word, with the reason kept in the audit log. */
export function ForcePaymentDialog({ invoice, onClose }: { invoice: InvoiceRef | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={!!invoice} onClose={onClose} title={invoice ? t('invoices.forceTitle', { number: invoice.number }) : ''} centered>
      {invoice && <ForcePaymentForm key={invoice.id} invoice={invoice} onClose={onClose} />}
    </Modal>
  );
}

function ForcePaymentForm({ invoice, onClose }: { invoice: InvoiceRef; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const force = useForcePayment();
  const schema = z.object({ reason: z.string().trim().min(1, t('prices.required')).max(500, t('prices.tooLong', { max: 500 })) });
  const form = useForm({ mode: 'uncontrolled', initialValues: { reason: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit(({ reason }) =>
    force.mutate(
      { id: invoice.id, reason: reason.trim() },
      {
        onSuccess: (result) => {
          notifySuccess(result.paidNow ? t('invoices.forced', { number: invoice.number }) : t('invoices.alreadyPaid', { number: invoice.number }));
          onClose();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('invoices.forceText')}</Text>
        <TextArea key={form.key('reason')} label={t('invoices.reason')} required minRows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
        {force.isError && (
          <Alert color="red" role="alert">
            {errorText(force.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={force.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" color="green" loading={force.isPending}>
            {t('invoices.forceSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

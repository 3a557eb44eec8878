import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';

import { useDeleteInvoice } from '../api/delete-invoice';
import type { InvoiceRef } from './force-payment-dialog';

/** Deletes an invoice once the administrator types its number (spec 2 section 5). */
export function DeleteInvoiceDialog({ invoice, onClose }: { invoice: InvoiceRef | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={!!invoice} onClose={onClose} title={invoice ? t('invoices.deleteTitle', { number: invoice.number }) : ''} centered>
      {invoice && <DeleteInvoiceForm key={invoice.id} invoice={invoice} onClose={onClose} />}
    </Modal>
  );
}

function DeleteInvoiceForm({ invoice, onClose }: { invoice: InvoiceRef; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useDeleteInvoice();
  const schema = z.object({ number: z.string().trim().min(1, t('prices.required')) });
  const form = useForm({ mode: 'uncontrolled', initialValues: { number: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit(({ number }) =>
    remove.mutate(
      { id: invoice.id, number: number.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('invoices.deleted', { number: invoice.number }));
          onClose();
        },
        // the server's "Wrong invoice number" names the field: shown in the reader's language
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'number') form.setFieldError('number', t('invoices.wrongNumber'));
        },
      },
    ),
  );
  const other = remove.isError && !(remove.error instanceof ApiError && remove.error.field === 'number');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('invoices.deleteText', { number: invoice.number })}</Text>
        <TextInput key={form.key('number')} label={t('invoices.typeNumber')} required autoComplete="off" data-autofocus {...form.getInputProps('number')} />
        {other && (
          <Alert color="red" role="alert">
            {errorText(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            {t('invoices.deleteSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

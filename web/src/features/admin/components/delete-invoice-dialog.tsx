import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { notifySuccess } from '@/shared/ui/notify';

import { useDeleteInvoice } from '../api/delete-invoice';
import type { InvoiceRef } from './force-payment-dialog';
import { isWrongEntry, TypedConfirmForm } from './typed-confirm-form';

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
  return (
    <TypedConfirmForm
      field="number"
      text={t('invoices.deleteText', { number: invoice.number })}
      label={t('invoices.typeNumber')}
      submitLabel={t('invoices.deleteSubmit')}
      mutation={remove}
      onCancel={onClose}
      onConfirm={(number, showWrong) =>
        remove.mutate(
          { id: invoice.id, number },
          {
            onSuccess: () => {
              notifySuccess(t('invoices.deleted', { number: invoice.number }));
              onClose();
            },
            // the server's "Wrong invoice number" names the field: shown in the reader's language
            onError: (error) => {
              if (isWrongEntry(error, 'number')) showWrong(t('invoices.wrongNumber'));
            },
          },
        )
      }
    />
  );
}

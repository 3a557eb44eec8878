import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { notifySuccess } from '@/shared/ui/notify';

import { useCancelInvoice } from '../api/cancel-invoice';
import { NAMESPACE } from '../texts';

/** Asks before cancelling an unpaid invoice (which cancels its services too). */
export function CancelDialog({ invoice, onClose }: { invoice: { id: string; number: string } | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const cancel = useCancelInvoice();
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };
  return (
    <Modal opened={!!invoice} onClose={close} title={t('cancel.title')} centered>
      {invoice && (
        <Stack>
          <Text>{t('cancel.text', { number: invoice.number })}</Text>
          {cancel.isError && (
            <Alert color="red" role="alert">
              {errorText(cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              {t('cancel.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              data-autofocus
              onClick={() =>
                cancel.mutate(invoice.id, {
                  onSuccess: () => {
                    notifySuccess(t('cancel.done', { number: invoice.number }));
                    cancel.reset();
                    onClose();
                  },
                })
              }
            >
              {t('cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

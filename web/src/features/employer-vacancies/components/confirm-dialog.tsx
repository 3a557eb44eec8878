import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { EmployerVacancy } from '../api/get-my-vacancies';
import { NAMESPACE } from '../texts';

export type ConfirmedAction = 'archive' | 'delete' | 'deleteDraft';

interface ConfirmDialogProps {
  /** The vacancy and the action that waits for a yes; null when closed. */
  pending: { vacancy: EmployerVacancy; action: ConfirmedAction; title: string } | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone: archiving, deleting, deleting a draft. */
export function ConfirmDialog({ pending, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const action = pending?.action;
  return (
    <Modal opened={!!pending} onClose={() => !busy && onClose()} title={action ? t(`confirm.${action}.title`) : ''} centered>
      {pending && (
        <Stack>
          <Text>{t(`confirm.${pending.action}.text`, { title: pending.title })}</Text>
          {pending.action === 'delete' && pending.vacancy.displayedState === 'WAITING_FOR_PAYMENT' && <Text>{t('confirm.delete.unpaid')}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('confirm.keep')}
            </Button>
            <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
              {t(`confirm.${pending.action}.button`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

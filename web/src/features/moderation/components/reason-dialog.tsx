import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { TextArea } from '@/shared/ui/text-area';

import { NAMESPACE } from '../texts';

/** The longest reason (the server's limit). */
const REASON_MAX = 1000;

/** The decisions that ask for a reason; `rejectLive` is a rejection of an ad that does not wait (it may have been live). */
export type ReasonDecision = 'reject' | 'rejectLive' | 'takeDown';

export interface ReasonDialogProps {
  /** The decision asked for, or none when closed. */
  decision: ReasonDecision | null;
  title: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason of a rejection or take-down: the company reads it. */
export function ReasonDialog({ decision, title, pending, error, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onSubmit(reason);
  };
  return (
    <Modal opened={!!decision} onClose={onClose} title={decision ? t(`decide.${decision}.title`, { title }) : ''} centered>
      {decision && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t(`decide.${decision}.text`)}</Text>
            <TextArea
              label={t('decide.reason')}
              required
              minRows={3}
              maxLength={REASON_MAX}
              data-autofocus
              value={reason}
              error={missing ? t('decide.reasonMissing') : undefined}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setMissing(false);
              }}
            />
            {error && (
              <Alert color="red" role="alert">
                {errorText(error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={pending}>
                {t('decide.cancel')}
              </Button>
              <Button type="submit" color="red" loading={pending}>
                {t(`decide.${decision}.submit`)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

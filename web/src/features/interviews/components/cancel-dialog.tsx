import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';

import { useCancelInterview } from '../api/cancel-interview';
import type { ApplicantInterview } from '../api/types';
import { MESSAGE_LIMIT } from './accept-dialog';

interface CancelDialogProps {
  interview: ApplicantInterview | null;
  onClose: () => void;
}

/** Declining an invitation or canceling an accepted interview, with a required message to the employer. */
export function CancelDialog({ interview, onClose }: CancelDialogProps) {
  const { t } = useTranslation('interviews');
  const declining = interview?.status === 'INVITED';
  return (
    <Modal opened={!!interview} onClose={onClose} title={declining ? t('cancelDialog.titleDecline') : t('cancelDialog.titleCancel')} centered>
      {interview && <CancelForm key={interview.interviewId} interview={interview} declining={declining} onClose={onClose} />}
    </Modal>
  );
}

function CancelForm({ interview, declining, onClose }: { interview: ApplicantInterview; declining: boolean; onClose: () => void }) {
  const { t } = useTranslation('interviews');
  const cancel = useCancelInterview();
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);

  function submit() {
    if (!message.trim()) {
      setMissing(true);
      return;
    }
    cancel.mutate(
      { interviewId: interview.interviewId, message },
      {
        onSuccess: () => {
          notifySuccess(declining ? t('cancelDialog.declined') : t('cancelDialog.canceled'));
          onClose();
        },
      },
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack>
        <Text size="sm">{declining ? t('cancelDialog.textDecline') : t('cancelDialog.textCancel')}</Text>
        <TextArea
          label={t('cancelDialog.message')}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('cancelDialog.messageRequired') : undefined}
          required
          maxLength={MESSAGE_LIMIT}
          minRows={3}
          maxRows={8}
          data-autofocus
        />
        {cancel.isError && (
          <Alert color="red" role="alert">
            {errorText(cancel.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            {t('cancelDialog.keep')}
          </Button>
          <Button type="submit" color="red" disabled={cancel.isPending} loading={cancel.isPending}>
            {declining ? t('cancelDialog.submitDecline') : t('cancelDialog.submitCancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

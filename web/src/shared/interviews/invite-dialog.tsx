import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { notifySuccess } from '@/shared/ui/notify';

import { useInvite } from './api/invite';
import { InterviewForm } from './interview-form';
import { emptyValues } from './lib/form';
import { NAMESPACE, texts } from './locales/texts';

export interface InviteDialogProps {
  applicationId: string;
  candidateName: string;
  opened: boolean;
  onClose: () => void;
  onInvited?: (interviewId: string) => void;
}

/** Invites the applicant of an application to an interview (`POST /api/employer/interviews`). */
export function InviteDialog({ applicationId, candidateName, opened, onClose, onInvited }: InviteDialogProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void ensureNamespace(NAMESPACE, texts).then(() => setReady(true));
  }, []);
  const { t } = useTranslation(NAMESPACE);
  const invite = useInvite();
  return (
    <Modal opened={opened && ready} onClose={onClose} title={t('inviteTitle', { name: candidateName })} centered size="lg">
      {opened && ready && (
        <InterviewForm
          key={applicationId}
          initialValues={emptyValues()}
          submitLabel={t('send')}
          submitting={invite.isPending}
          error={invite.error}
          onCancel={onClose}
          onSubmit={(values) =>
            invite.mutate(
              { applicationId, values },
              {
                onSuccess: (created) => {
                  notifySuccess(t('invited'));
                  onInvited?.(created.interviewId);
                  onClose();
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
}

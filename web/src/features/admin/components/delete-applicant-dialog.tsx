import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { notifySuccess } from '@/shared/ui/notify';

import { useDeleteApplicant } from '../api/delete-applicant';
import type { AdminApplicant } from '../api/get-applicants';
import { isWrongEntry, TypedConfirmForm } from './typed-confirm-form';

/** Deletes an applicant's account once their username is typed (spec 2 section 5). */
export function DeleteApplicantDialog({ applicant, onClose }: { applicant: AdminApplicant | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={!!applicant} onClose={onClose} title={applicant ? t('people.deleteTitle', { name: applicant.email }) : ''} centered>
      {applicant && <DeleteApplicantForm key={applicant.userId} applicant={applicant} onClose={onClose} />}
    </Modal>
  );
}

function DeleteApplicantForm({ applicant, onClose }: { applicant: AdminApplicant; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useDeleteApplicant();
  return (
    <TypedConfirmForm
      field="username"
      text={t('people.deleteText', { name: applicant.email })}
      label={t('people.typeUsername')}
      submitLabel={t('people.deleteSubmit')}
      mutation={remove}
      onCancel={onClose}
      onConfirm={(username, showWrong) =>
        remove.mutate(
          { id: applicant.userId, username },
          {
            onSuccess: () => {
              notifySuccess(t('people.deleted', { name: applicant.email }));
              onClose();
            },
            onError: (error) => {
              if (!isWrongEntry(error, 'username')) return;
              // "Wrong username", or "Failed to delete applicant {username}" for an account that may not
              // go this way; the server writes both in the reader's language, so tell them by the name
              const refused = error instanceof ApiError && error.message.includes(applicant.email);
              showWrong(refused ? t('people.deleteFailed', { name: applicant.email }) : t('people.wrongUsername'));
            },
          },
        )
      }
    />
  );
}

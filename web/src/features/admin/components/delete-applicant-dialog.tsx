import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';

import { useDeleteApplicant } from '../api/delete-applicant';
import type { AdminApplicant } from '../api/get-applicants';

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
  const schema = z.object({ username: z.string().trim().min(1, t('prices.required')) });
  const form = useForm({ mode: 'uncontrolled', initialValues: { username: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit(({ username }) =>
    remove.mutate(
      { id: applicant.userId, username: username.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('people.deleted', { name: applicant.email }));
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.field === 'username')) return;
          // "Wrong username", or "Failed to delete applicant {username}" for an account that may not go this way
          const wrong = error.message === 'Wrong username';
          form.setFieldError('username', wrong ? t('people.wrongUsername') : t('people.deleteFailed', { name: applicant.email }));
        },
      },
    ),
  );
  const other = remove.isError && !(remove.error instanceof ApiError && remove.error.field === 'username');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('people.deleteText', { name: applicant.email })}</Text>
        <TextInput key={form.key('username')} label={t('people.typeUsername')} required autoComplete="off" data-autofocus {...form.getInputProps('username')} />
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
            {t('people.deleteSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

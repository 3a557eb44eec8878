import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';

import { useAssignModerator } from '../api/assign-moderator';
import type { EmployerVacancy } from '../api/get-my-vacancies';
import { NAMESPACE } from '../texts';

interface ModeratorDialogProps {
  target: { vacancy: EmployerVacancy; title: string } | null;
  onClose: () => void;
}

/** Delegates a vacancy to a staff member of the company, named by the e-mail they sign in with. */
export function ModeratorDialog({ target, onClose }: ModeratorDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal opened={!!target} onClose={onClose} title={t('moderator.title')} centered>
      {target && <ModeratorForm key={target.vacancy.id} vacancyId={target.vacancy.id} title={target.title} onClose={onClose} />}
    </Modal>
  );
}

function ModeratorForm({ vacancyId, title, onClose }: { vacancyId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const assign = useAssignModerator();
  const schema = z.object({
    username: z.string().trim().min(1, t('moderator.required')).pipe(z.email(t('moderator.invalid'))),
  });
  const form = useForm({ mode: 'uncontrolled', initialValues: { username: '' }, validate: schemaResolver(schema, { sync: true }) });

  const submit = form.onSubmit(({ username }) => {
    const trimmed = username.trim();
    assign.mutate(
      { id: vacancyId, username: trimmed },
      {
        onSuccess: (moderator) => {
          const name = [moderator.firstname, moderator.lastname].filter(Boolean).join(' ') || moderator.username;
          notifySuccess(t('done.assignModerator', { name }));
          onClose();
        },
        // the server names the field it refuses: a username off the company's staff
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'username') form.setFieldError('username', errorText(error));
        },
      },
    );
  });

  const fieldError = assign.error instanceof ApiError && assign.error.field === 'username';
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('moderator.text', { title })}</Text>
        <TextInput
          label={t('moderator.username')}
          type="email"
          autoComplete="off"
          required
          data-autofocus
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        {assign.isError && !fieldError && (
          <Alert color="red" role="alert">
            {errorText(assign.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" loading={assign.isPending}>
            {t('moderator.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

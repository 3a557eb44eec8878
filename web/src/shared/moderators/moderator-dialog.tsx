import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import type { components } from '@/shared/api/schema';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';

import { useAssignModerator } from './api/assign-moderator';
import { useRemoveModerator } from './api/remove-moderator';
import { NAMESPACE } from './locales/texts';

export type VacancyModerator = components['schemas']['VacancyModerator'];

/** The vacancy whose moderator changes, with the moderator it has now. */
export interface ModeratorTarget {
  vacancyId: string;
  title: string;
  moderator: VacancyModerator | null;
}

export const moderatorName = (moderator: VacancyModerator) => [moderator.firstname, moderator.lastname].filter(Boolean).join(' ') || moderator.username;

interface ModeratorDialogProps {
  target: ModeratorTarget | null;
  onClose: () => void;
  /** After a change, so the screen reloads what shows the moderator. */
  onChanged: () => void;
}

/** Delegates a vacancy to a staff member of the company, named by the e-mail they sign in with, or takes the delegation off. */
export function ModeratorDialog({ target, onClose, onChanged }: ModeratorDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal opened={!!target} onClose={onClose} title={t('title')} centered>
      {target && <ModeratorForm key={target.vacancyId} target={target} onClose={onClose} onChanged={onChanged} />}
    </Modal>
  );
}

function ModeratorForm({ target, onClose, onChanged }: { target: ModeratorTarget; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const assign = useAssignModerator();
  const remove = useRemoveModerator();
  const schema = z.object({
    username: z.string().trim().min(1, t('required')).pipe(z.email(t('invalid'))),
  });
  const form = useForm({ mode: 'uncontrolled', initialValues: { username: target.moderator?.username ?? '' }, validate: schemaResolver(schema, { sync: true }) });

  const submit = form.onSubmit(({ username }) => {
    assign.mutate(
      { id: target.vacancyId, username: username.trim() },
      {
        onSuccess: (moderator) => {
          notifySuccess(t('assigned', { name: moderatorName(moderator) }));
          onChanged();
          onClose();
        },
        // the server names the field it refuses: a username off the company's staff
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'username') form.setFieldError('username', errorText(error));
        },
      },
    );
  });

  const removeModerator = () =>
    remove.mutate(target.vacancyId, {
      onSuccess: () => {
        notifySuccess(t('removed'));
        onChanged();
        onClose();
      },
    });

  const fieldError = assign.error instanceof ApiError && assign.error.field === 'username';
  const pending = assign.isPending || remove.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('text', { title: target.title })}</Text>
        <TextInput
          label={t('username')}
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
        {remove.isError && (
          <Alert color="red" role="alert">
            {errorText(remove.error)}
          </Alert>
        )}
        <Group justify="space-between">
          {target.moderator ? (
            <Button variant="subtle" color="red" onClick={removeModerator} loading={remove.isPending} disabled={assign.isPending}>
              {t('remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('translation:common.cancel')}
            </Button>
            <Button type="submit" loading={assign.isPending} disabled={remove.isPending}>
              {t('submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

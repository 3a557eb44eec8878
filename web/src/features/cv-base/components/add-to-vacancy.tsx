import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';

import { type AddTarget, useAddCvToVacancy } from '../api/add-to-vacancy';
import { useVacancyChoices, type VacancyChoice } from '../api/vacancy-choices';
import { NAMESPACE } from '../locales/texts';

/** The choice that makes a new CV-database vacancy. */
const NEW = 'new';
/** Longest name of a CV-database vacancy (the server's rule). */
const MAX_LABEL = 200;

/** "Add to vacancy": opens the dialog that makes the CV a candidate of one of the company's vacancies. */
export function AddToVacancyButton({ cvId }: { cvId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>
        {t('add.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('add.title')} centered>
        {opened && <AddToVacancyForm cvId={cvId} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function choiceLabel(choice: VacancyChoice, t: (key: string) => string): string {
  const label = choice.label || t('add.untitled');
  return choice.cvDatabase ? `${label} · ${t('add.cvDatabase')}` : label;
}

/** The company's active and CV-database vacancies, or a new CV-database vacancy by name. */
export function AddToVacancyForm({ cvId, onClose }: { cvId: string; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const choices = useVacancyChoices();
  const add = useAddCvToVacancy();
  const schema = z
    .object({ choice: z.string().min(1, t('add.choose')), newLabel: z.string().trim().max(MAX_LABEL, t('add.nameTooLong', { max: MAX_LABEL })) })
    .refine((values) => values.choice !== NEW || values.newLabel.length > 0, { message: t('add.nameRequired'), path: ['newLabel'] });
  const form = useForm({ initialValues: { choice: '', newLabel: '' }, validate: schemaResolver(schema, { sync: true }) });
  const [alreadyIn, setAlreadyIn] = useState<string | null>(null);

  const submit = form.onSubmit(({ choice, newLabel }) => {
    const chosen = choices.data?.find((vacancy) => vacancy.id === choice);
    const target: AddTarget = choice === NEW ? { newCvBaseLabel: newLabel.trim() } : { vacancyId: choice };
    const name = choice === NEW ? newLabel.trim() : (chosen?.label ?? '');
    setAlreadyIn(null);
    add.mutate(
      { cvId, target },
      {
        onSuccess: (added) => {
          notifySuccess(t('add.done', { vacancy: added.vacancyLabel }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'cv_already_added') setAlreadyIn(name);
          if (error instanceof ApiError && error.field === 'occupationLabel') form.setFieldError('newLabel', errorText(error));
        },
      },
    );
  });

  if (choices.isPending) return <Loader size="sm" aria-label={t('translation:common.loading')} />;
  if (choices.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(choices.error)}
      </Alert>
    );
  const otherError = add.isError && alreadyIn === null && !(add.error instanceof ApiError && add.error.field === 'occupationLabel');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('add.text')}</Text>
        <Radio.Group label={t('add.vacancy')} required {...form.getInputProps('choice')}>
          <Stack gap="xs" mt="xs">
            {choices.data.map((choice) => (
              <Radio key={choice.id} value={choice.id} label={choiceLabel(choice, t)} />
            ))}
            <Radio value={NEW} label={t('add.new')} />
          </Stack>
        </Radio.Group>
        {form.getValues().choice === NEW && (
          <TextInput label={t('add.newName')} description={t('add.newHint')} required maxLength={MAX_LABEL} data-autofocus {...form.getInputProps('newLabel')} />
        )}
        {alreadyIn !== null && (
          <Alert color="yellow" role="alert">
            {t('add.alreadyAdded', { vacancy: alreadyIn })}
          </Alert>
        )}
        {otherError && (
          <Alert color="red" role="alert">
            {errorText(add.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { TextArea } from '@/shared/ui/text-area';

import { type InterviewValues, MAX_SLOTS, interviewSchema } from './lib/form';
import { NAMESPACE } from './locales/texts';

/** The fields a server's 400 may name (`durationMinutes`, `slots`, …) that this form shows. */
const FIELDS = ['type', 'durationMinutes', 'slots', 'link', 'location', 'description'];

interface InterviewFormProps {
  initialValues: InterviewValues;
  submitLabel: string;
  submitting: boolean;
  error: unknown;
  onSubmit: (values: InterviewValues) => void;
  onCancel: () => void;
}

/** Type, duration, offered times, link, location, description and the applicant notification: the invitation's and the update's form. */
export function InterviewForm({ initialValues, submitLabel, submitting, error, onSubmit, onCancel }: InterviewFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const form = useForm<InterviewValues>({ mode: 'controlled', initialValues, validate: schemaResolver(interviewSchema(t), { sync: true }) });
  const slots = form.getValues().slots;
  const slotsLabel = useId();
  // a 400 naming one of the form's fields is shown on that field; anything else above the buttons
  const fieldOfError = error instanceof ApiError && error.status === 400 && error.field && FIELDS.includes(error.field) ? error.field : null;
  useEffect(() => {
    if (fieldOfError) form.setFieldError(fieldOfError, errorText(error));
    // the form object is stable; a new error is set once
  }, [error, fieldOfError]);
  const serverError = fieldOfError ? null : error instanceof ApiError ? errorText(error) : error ? String(error) : null;

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label={t('type')}
            allowDeselect={false}
            data={(['OFFICE', 'ONLINE', 'OTHER'] as const).map((value) => ({ value, label: t(`types.${value}`) }))}
            {...form.getInputProps('type')}
          />
          <NumberInput label={t('duration')} min={1} max={480} step={15} allowDecimal={false} {...form.getInputProps('durationMinutes')} />
        </Group>
        <Stack gap="xs" role="group" aria-labelledby={slotsLabel}>
          <Text fw={500} size="sm" id={slotsLabel}>
            {t('slots')}
          </Text>
          {slots.map((_, index) => (
            // each offered time boxed and named, so two of them read apart on a phone
            <Paper key={index} withBorder radius="sm" p="xs" role="group" aria-label={t('slotNumber', { number: index + 1 })}>
              <Group justify="space-between" gap="xs" mb={4} mih={22}>
                <Text size="xs" c="dimmed" fw={500}>
                  {t('slotNumber', { number: index + 1 })}
                </Text>
                {slots.length > 1 && (
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('removeSlot', { number: index + 1 })} onClick={() => form.removeListItem('slots', index)}>
                    ×
                  </ActionIcon>
                )}
              </Group>
              <Group align="flex-start" gap="xs" wrap="wrap">
                <TextInput type="date" label={t('slotDate')} style={{ flex: '1 1 9rem' }} {...form.getInputProps(`slots.${index}.date`)} />
                <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem' }}>
                  <TextInput type="time" label={t('slotFrom')} style={{ flex: 1, minWidth: 0 }} {...form.getInputProps(`slots.${index}.from`)} />
                  <TextInput type="time" label={t('slotTo')} style={{ flex: 1, minWidth: 0 }} {...form.getInputProps(`slots.${index}.to`)} />
                </Group>
              </Group>
            </Paper>
          ))}
          {form.errors.slots && (
            <Text c="red" size="sm">
              {form.errors.slots}
            </Text>
          )}
          {slots.length < MAX_SLOTS && (
            <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => form.insertListItem('slots', { ...slots[slots.length - 1] })}>
              {t('addSlot')}
            </Button>
          )}
        </Stack>
        <TextInput label={t('link')} placeholder="https://" {...form.getInputProps('link')} />
        <TextInput label={t('location')} {...form.getInputProps('location')} />
        <TextArea label={t('description')} minRows={2} {...form.getInputProps('description')} />
        <Switch label={t('notifyApplicant')} description={t('notifyApplicantHint')} {...form.getInputProps('notifyApplicant', { type: 'checkbox' })} />
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

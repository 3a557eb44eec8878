import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { DateField } from '@/shared/ui/date-field';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';

import { useDeleteEvent } from '../api/delete-event';
import { useSaveEvent } from '../api/save-event';
import {
  DESCRIPTION_LIMIT,
  type EventFormErrors,
  type EventFormValues,
  fieldOfServerError,
  NAME_LIMIT,
  toEventInput,
  validateEvent,
} from '../lib/event-form';
import { type Repeat, REPEATS } from '../lib/recurrence';

/** What the dialog edits: a new event, or an own event (a recurring one as its series). */
export interface EventDraft {
  eventId: string | null;
  recurring: boolean;
  values: EventFormValues;
}

interface EventDialogProps {
  draft: EventDraft | null;
  onClose: () => void;
}

export function EventDialog({ draft, onClose }: EventDialogProps) {
  const { t } = useTranslation('calendar');
  return (
    <Modal opened={!!draft} onClose={onClose} title={draft?.eventId ? t('form.editTitle') : t('form.newTitle')} centered size="lg">
      {draft && <EventForm key={draft.eventId ?? 'new'} draft={draft} onClose={onClose} />}
    </Modal>
  );
}

/** The events' dates may run from a year back to three years ahead. */
function dateBounds(): { min: Date; max: Date } {
  const now = new Date();
  return { min: new Date(now.getFullYear() - 1, 0, 1), max: new Date(now.getFullYear() + 3, 11, 31) };
}

function EventForm({ draft, onClose }: { draft: EventDraft; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const [values, setValues] = useState<EventFormValues>(draft.values);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [bounds] = useState(dateBounds);
  const busy = save.isPending || remove.isPending;

  function change(patch: Partial<EventFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
    save.reset();
  }

  function submit() {
    const found = validateEvent(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { eventId: draft.eventId, input: toEventInput(values) },
      {
        onSuccess: () => {
          notifySuccess(draft.eventId ? t('form.saved') : t('form.created'));
          onClose();
        },
      },
    );
  }

  function confirmDelete() {
    if (!draft.eventId) return;
    remove.mutate(draft.eventId, {
      onSuccess: () => {
        notifySuccess(t('form.deleted'));
        onClose();
      },
    });
  }

  const serverError = save.error ?? remove.error;
  const serverField = serverError instanceof ApiError ? fieldOfServerError(serverError.field) : null;
  const serverText = serverError ? errorText(serverError) : null;
  const fieldError = (field: keyof EventFormErrors | 'repeat') => {
    if (serverField === field) return serverText;
    const key = field === 'repeat' ? undefined : errors[field];
    return key ? t(key) : undefined;
  };
  const repeatOptions = REPEATS.map((repeat) => ({ value: repeat, label: t(`form.repeats.${repeat}`) }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        {draft.recurring && (
          <Alert color="blue" variant="light">
            {t('form.seriesNote')}
          </Alert>
        )}
        <TextInput
          label={t('form.name')}
          value={values.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={fieldError('name')}
          maxLength={NAME_LIMIT}
          required
          data-autofocus
        />
        <TextArea
          label={t('form.description')}
          value={values.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
          error={fieldError('description')}
          maxLength={DESCRIPTION_LIMIT}
          minRows={2}
          maxRows={6}
        />
        <Checkbox label={t('form.allDay')} checked={values.allDay} onChange={(event) => change({ allDay: event.currentTarget.checked })} />
        <SimpleGrid cols={values.allDay ? 2 : { base: 2, xs: 4 }} spacing="sm">
          <DateField
            label={t('form.startDate')}
            value={values.startDate}
            onChange={(date) => change({ startDate: date ?? '' })}
            error={fieldError('start')}
            min={bounds.min}
            max={bounds.max}
            required
          />
          {!values.allDay && (
            <TimeInput label={t('form.startTime')} value={values.startTime} onChange={(event) => change({ startTime: event.currentTarget.value })} required />
          )}
          <DateField
            label={t('form.endDate')}
            value={values.endDate}
            onChange={(date) => change({ endDate: date ?? '' })}
            error={fieldError('end')}
            min={bounds.min}
            max={bounds.max}
            required
          />
          {!values.allDay && (
            <TimeInput label={t('form.endTime')} value={values.endTime} onChange={(event) => change({ endTime: event.currentTarget.value })} required />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('form.repeat')}
            data={values.customRule ? [{ value: 'custom', label: t('form.repeats.custom') }, ...repeatOptions] : repeatOptions}
            value={values.customRule ? 'custom' : values.repeat}
            onChange={(value) => value && value !== 'custom' && change({ repeat: value as Repeat, customRule: null })}
            allowDeselect={false}
            error={fieldError('repeat')}
          />
          {values.repeat !== 'none' && !values.customRule && (
            <DateField
              label={t('form.until')}
              description={t('form.untilHint')}
              value={values.until}
              onChange={(date) => change({ until: date })}
              error={fieldError('until')}
              min={bounds.min}
              max={bounds.max}
            />
          )}
        </SimpleGrid>
        {serverText && !serverField && (
          <Alert color="red" role="alert">
            {serverText}
          </Alert>
        )}
        {confirmingDelete ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {draft.recurring ? t('form.deleteSeriesQuestion') : t('form.deleteQuestion')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmingDelete(false)} disabled={busy}>
                {t('form.keep')}
              </Button>
              <Button color="red" onClick={confirmDelete} disabled={busy} loading={remove.isPending}>
                {t('form.confirmDelete')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="space-between">
            {draft.eventId ? (
              <Button variant="subtle" color="red" onClick={() => setConfirmingDelete(true)} disabled={busy}>
                {t('form.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('translation:common.cancel')}
              </Button>
              <Button type="submit" disabled={busy} loading={save.isPending}>
                {t('form.save')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}

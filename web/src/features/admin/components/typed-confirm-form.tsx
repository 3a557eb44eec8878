import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';

/** A mutation's state as the form shows it. */
type Pending = { isPending: boolean; isError: boolean; error: unknown };

type Props = {
  /** The field the server names when the typed value is wrong (`username`, `number`). */
  field: string;
  text: string;
  label: string;
  submitLabel: string;
  mutation: Pending;
  /** Sends the typed value; `showWrong` puts a message on the field. */
  onConfirm: (typed: string, showWrong: (message: string) => void) => void;
  onCancel: () => void;
};

/** True when the server refused the typed value itself (it names `field`). */
export const isWrongEntry = (error: unknown, field: string) => error instanceof ApiError && error.field === field;

/**
 * A delete confirmed by typing what names the target (spec 2 section 5: the applicant's username,
 * the invoice's number): a wrong entry is shown on the field, any other refusal above the buttons.
 */
export function TypedConfirmForm({ field, text, label, submitLabel, mutation, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('admin');
  const schema = z.object({ typed: z.string().trim().min(1, t('prices.required')) });
  const form = useForm({ mode: 'uncontrolled', initialValues: { typed: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit(({ typed }) => onConfirm(typed.trim(), (message) => form.setFieldError('typed', message)));
  const other = mutation.isError && !isWrongEntry(mutation.error, field);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{text}</Text>
        <TextInput key={form.key('typed')} label={label} required autoComplete="off" data-autofocus {...form.getInputProps('typed')} />
        {other && (
          <Alert color="red" role="alert">
            {errorText(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={mutation.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import type { FormArrayElement } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { type CvForm, emptyRow, type RowList, type RowOf } from '../lib/form';
import type { StepProps } from './step-props';

interface RowListProps<L extends RowList> extends Pick<StepProps, 'form'> {
  list: L;
  /** Off where the step's own heading already names the list. */
  withTitle?: boolean;
  /** The fields of one row; `path` names a field of it in the form (`educations.0.institution`). */
  children: (row: RowOf<L>, index: number, path: (field: keyof RowOf<L> & string) => string) => ReactNode;
}

/** The server's most rows in one list of a CV (domain::cvs::MAX_ROWS). */
export const MAX_ROWS = 30;

/** One repeatable list of the CV: its rows, each removable, and an "add" button. */
export function RowListFields<L extends RowList>({ list, form, withTitle = true, children }: RowListProps<L>) {
  const { t } = useTranslation('cv');
  const rows = form.values[list] as RowOf<L>[];
  return (
    <Stack gap="sm" component="section" aria-label={t(`lists.${list}.title`)}>
      {withTitle && (
        <Title order={3} size="h4">
          {t(`lists.${list}.title`)}
        </Title>
      )}
      {rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {t(`lists.${list}.empty`)}
        </Text>
      )}
      {rows.map((row, index) => (
        <Card key={row.key} withBorder padding="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {t(`lists.${list}.row`, { number: index + 1 })}
              </Text>
              <CloseButton
                aria-label={t(`lists.${list}.remove`, { number: index + 1 })}
                onClick={() => {
                  // the library moves the errors of later rows up; the list's own goes with the change
                  form.removeListItem(list, index);
                  form.clearFieldError(list);
                }}
              />
            </Group>
            {children(row, index, (field) => `${list}.${index}.${field}`)}
          </Stack>
        </Card>
      ))}
      {form.errors[list] && (
        <Text c="red" size="sm">
          {form.errors[list]}
        </Text>
      )}
      <Group>
        <Button variant="light" disabled={rows.length >= MAX_ROWS} onClick={() => form.insertListItem(list, emptyRow(list) as FormArrayElement<CvForm, L>)}>
          + {t(`lists.${list}.add`)}
        </Button>
      </Group>
    </Stack>
  );
}

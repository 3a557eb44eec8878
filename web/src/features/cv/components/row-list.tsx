import { Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { emptyRow, type RowList, type RowOf } from '../lib/form';
import type { FormUpdate, StepProps } from './step-props';
import { setRowFields } from './step-props';

interface RowListProps<L extends RowList> extends Pick<StepProps, 'form' | 'update' | 'errors'> {
  list: L;
  /** Off where the step's own heading already names the list. */
  withTitle?: boolean;
  /** The fields of one row; `change` sets some of them. */
  children: (row: RowOf<L>, index: number, change: (patch: Partial<RowOf<L>>) => void) => ReactNode;
}

function removeRow(update: FormUpdate, list: RowList, index: number): void {
  // the paths of later rows shift, so the list's errors go with the row
  update((form) => ({ ...form, [list]: (form[list] as unknown[]).filter((_, i) => i !== index) }), [list, `${list}[`]);
}

/** One repeatable list of the CV: its rows, each removable, and an "add" button. */
/** The server's most rows in one list of a CV (domain::cvs::MAX_ROWS). */
export const MAX_ROWS = 30;

export function RowListFields<L extends RowList>({ list, form, update, errors, withTitle = true, children }: RowListProps<L>) {
  const { t } = useTranslation('cv');
  const rows = form[list] as RowOf<L>[];
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
              <CloseButton aria-label={t(`lists.${list}.remove`, { number: index + 1 })} onClick={() => removeRow(update, list, index)} />
            </Group>
            {children(row, index, (patch) => setRowFields(update, list, index, patch))}
          </Stack>
        </Card>
      ))}
      {errors[list] && (
        <Text c="red" size="sm">
          {errors[list]}
        </Text>
      )}
      <Group>
        <Button variant="light" disabled={rows.length >= MAX_ROWS} onClick={() => update((current) => ({ ...current, [list]: [...(current[list] as RowOf<L>[]), emptyRow(list)] }))}>
          + {t(`lists.${list}.add`)}
        </Button>
      </Group>
    </Stack>
  );
}

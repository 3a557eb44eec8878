import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { notifySuccess } from '@/shared/ui/notify';

import type { WorkingDay } from '../api/types';
import { useSaveWorkingHours } from '../api/working-hours';
import { type DayRow, daysOf, rowsOf } from '../lib/hours';
import { NAMESPACE } from '../locales/texts';

/**
 * A week of working hours: a checkbox per weekday and its two times, and the save button. Without a
 * `target` (the week is not the user's to change) it shows the week read-only (disabled), with
 * `readOnlyNote` saying why.
 */
export function HoursEditor({
  title,
  days,
  target,
  readOnlyNote,
}: {
  title: string;
  days: WorkingDay[];
  target: { company: [string, string] } | { userId: string } | null;
  readOnlyNote?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const weekdays = t('weekdays', { returnObjects: true }) as string[];
  const [rows, setRows] = useState<DayRow[]>(() => rowsOf(days));
  useEffect(() => setRows(rowsOf(days)), [days]);
  const save = useSaveWorkingHours();
  const set = (i: number, patch: Partial<DayRow>) => setRows((current) => current.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {!target && readOnlyNote && (
        <Text size="sm" c="dimmed" mb="xs">
          {readOnlyNote}
        </Text>
      )}
      <Stack gap={6}>
        {rows.map((row, i) => (
          // the day and its two times on one line where they fit; on a phone the times go under the day
          <Group key={row.weekday} gap="xs" wrap="wrap">
            <Checkbox label={weekdays[i]} checked={row.on} onChange={(e) => set(i, { on: e.currentTarget.checked })} style={{ flex: '1 0 7.5rem' }} disabled={!target} />
            <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 13rem' }}>
              <TextInput type="time" aria-label={`${weekdays[i]} ${t('from')}`} style={{ flex: 1, minWidth: 0 }} value={row.start} disabled={!row.on || !target} onChange={(e) => set(i, { start: e.currentTarget.value })} />
              <TextInput type="time" aria-label={`${weekdays[i]} ${t('to')}`} style={{ flex: 1, minWidth: 0 }} value={row.end} disabled={!row.on || !target} onChange={(e) => set(i, { end: e.currentTarget.value })} />
            </Group>
          </Group>
        ))}
        {save.error instanceof ApiError && <Alert color="red" role="alert">{errorText(save.error)}</Alert>}
        {target && (
          <Button w="fit-content" loading={save.isPending} onClick={() => save.mutate({ target, days: daysOf(rows) }, { onSuccess: () => notifySuccess(t('saved')) })}>
            {t('save')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

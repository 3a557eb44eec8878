import { Checkbox, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/ui/text-field';
import { fromIsoDate } from '@/shared/lib/date-field';
import { DateField } from '@/shared/ui/date-field';

import { EARLIEST_DATE, todayIso } from '../lib/validation';
import { RowListFields } from './row-list';
import type { StepProps } from './step-props';

export const MAX_LONG_TEXT = 4000;

/** Step 3: jobs, each with its company, occupation, period and description. */
export function ExperienceStep({ form, errors, update }: StepProps) {
  const { t } = useTranslation('cv');
  const today = todayIso();
  return (
    <RowListFields list="employmentHistories" form={form} update={update} errors={errors}>
      {(row, i, change) => (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField label={t('fields.company')} value={row.company} onChange={(company) => change({ company })} error={errors[`employmentHistories[${i}].company`]} />
            <TextField
              label={t('fields.occupation')}
              value={row.occupation}
              onChange={(occupation) => change({ occupation })}
              error={errors[`employmentHistories[${i}].occupation`]}
            />
            <DateField
              label={t('fields.startDate')}
              required
              min={fromIsoDate(EARLIEST_DATE) ?? undefined}
              max={fromIsoDate(today) ?? undefined}
              value={row.startDate || null}
              onChange={(startDate) => change({ startDate: startDate ?? '' })}
              error={errors[`employmentHistories[${i}].startDate`]}
            />
            <DateField
              label={t('fields.endDate')}
              required={!row.present}
              disabled={row.present}
              min={fromIsoDate(EARLIEST_DATE) ?? undefined}
              max={fromIsoDate(today) ?? undefined}
              value={row.present ? null : row.endDate || null}
              onChange={(endDate) => change({ endDate: endDate ?? '' })}
              error={errors[`employmentHistories[${i}].endDate`]}
            />
          </SimpleGrid>
          <Checkbox
            label={t('fields.present')}
            checked={row.present}
            onChange={(event) => change({ present: event.currentTarget.checked, endDate: event.currentTarget.checked ? '' : row.endDate })}
          />
          <Textarea
            label={t('fields.description')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MAX_LONG_TEXT}
            value={row.description}
            onChange={(event) => change({ description: event.currentTarget.value })}
            error={errors[`employmentHistories[${i}].description`]}
          />
        </Stack>
      )}
    </RowListFields>
  );
}

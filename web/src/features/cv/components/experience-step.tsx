import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextArea } from '@/shared/ui/text-area';
import { TextField } from '@/shared/ui/text-field';
import { fromIsoDate } from '@/shared/lib/date-field';
import { DateField } from '@/shared/ui/date-field';

import { EARLIEST_DATE, todayIso } from '../lib/schema';
import { RowListFields } from './row-list';
import { choiceProps, type StepProps, textProps } from './step-props';

export const MAX_LONG_TEXT = 4000;

/** Step 3: jobs, each with its company, occupation, period and description. */
export function ExperienceStep({ form }: StepProps) {
  const { t } = useTranslation('cv');
  const today = todayIso();
  return (
    <RowListFields list="employmentHistories" form={form}>
      {(row, _index, path) => (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField label={t('fields.company')} {...textProps(form, path('company'))} />
            <TextField label={t('fields.occupation')} {...textProps(form, path('occupation'))} />
            <DateField
              label={t('fields.startDate')}
              required
              min={fromIsoDate(EARLIEST_DATE) ?? undefined}
              max={fromIsoDate(today) ?? undefined}
              {...choiceProps(form, path('startDate'))}
            />
            <DateField
              label={t('fields.endDate')}
              required={!row.present}
              disabled={row.present}
              min={fromIsoDate(EARLIEST_DATE) ?? undefined}
              max={fromIsoDate(today) ?? undefined}
              {...choiceProps(form, path('endDate'))}
              value={row.present ? null : row.endDate || null}
            />
          </SimpleGrid>
          <Checkbox
            label={t('fields.present')}
            checked={row.present}
            onChange={(event) => {
              const present = event.currentTarget.checked;
              form.setFieldValue(path('present'), present);
              // the end date (and its message) goes with the present job
              form.setFieldValue(path('endDate'), present ? '' : row.endDate);
            }}
          />
          <TextArea label={t('fields.description')} minRows={2} maxRows={8} maxLength={MAX_LONG_TEXT} {...form.getInputProps(path('description'))} />
        </Stack>
      )}
    </RowListFields>
  );
}

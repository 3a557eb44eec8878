import { MultiSelect, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useCvReference } from '../api/get-cv-reference';
import { choiceProps, type StepProps } from './step-props';

/** Step 5: the fields of work, type of employment and place the applicant is looking for. */
export function PreferredJobStep({ form, language }: StepProps) {
  const { t } = useTranslation('cv');
  const categories = useCvReference('categories', language);
  const employments = useCvReference('employments', language);
  const cities = useCvReference('cities', language);
  const { workLocationCode, workLocation } = form.values;
  return (
    <Stack gap="md">
      <MultiSelect label={t('fields.categories')} required searchable data={categories} maxValues={30} {...form.getInputProps('categories')} />
      <Select label={t('fields.employmentType')} required data={employments} allowDeselect={false} {...choiceProps(form, 'employmentType')} />
      <Select
        label={t('fields.workLocation')}
        required
        searchable
        data={cities}
        allowDeselect={false}
        description={!workLocationCode && workLocation ? workLocation : undefined}
        {...choiceProps(form, 'workLocationCode')}
      />
    </Stack>
  );
}

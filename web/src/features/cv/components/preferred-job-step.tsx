import { MultiSelect, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useCvReference } from '../api/get-cv-reference';
import { setFields, type StepProps } from './step-props';

/** Step 5: the fields of work, type of employment and place the applicant is looking for. */
export function PreferredJobStep({ form, errors, update, language }: StepProps) {
  const { t } = useTranslation('cv');
  const categories = useCvReference('categories', language);
  const employments = useCvReference('employments', language);
  const cities = useCvReference('cities', language);
  return (
    <Stack gap="md">
      <MultiSelect
        label={t('fields.categories')}
        required
        searchable
        data={categories}
        value={form.categories}
        onChange={(value) => setFields(update, { categories: value })}
        error={errors.categories}
        maxValues={30}
      />
      <Select
        label={t('fields.employmentType')}
        required
        data={employments}
        value={form.employmentType || null}
        onChange={(value) => setFields(update, { employmentType: value ?? '' })}
        error={errors.employmentType}
        allowDeselect={false}
      />
      <Select
        label={t('fields.workLocation')}
        required
        searchable
        data={cities}
        value={form.workLocationCode || null}
        onChange={(value) => update((current) => ({ ...current, workLocationCode: value ?? '' }), ['workLocationCode', 'workLocation'])}
        error={errors.workLocationCode ?? errors.workLocation}
        allowDeselect={false}
        description={!form.workLocationCode && form.workLocation ? form.workLocation : undefined}
      />
    </Stack>
  );
}

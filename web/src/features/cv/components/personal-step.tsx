import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/ui/text-field';
import { fromIsoDate } from '@/shared/lib/date-field';
import { DateField } from '@/shared/ui/date-field';

import { useCvReference } from '../api/get-cv-reference';
import { EARLIEST_DATE, MIN_AGE_YEARS, todayIso, yearsBefore } from '../lib/schema';
import { choiceProps, type StepProps, textProps } from './step-props';

/** Step 1: who the CV is of, and its title. */
export function PersonalStep({ form, language }: StepProps) {
  const { t } = useTranslation('cv');
  const genders = useCvReference('genders', language);
  const cities = useCvReference('cities', language);
  return (
    <Stack gap="md">
      <TextField label={t('fields.title')} description={t('fields.titleHint')} {...textProps(form, 'title')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField label={t('fields.firstname')} autoComplete="given-name" {...textProps(form, 'firstname')} />
        <TextField label={t('fields.lastname')} autoComplete="family-name" {...textProps(form, 'lastname')} />
        <TextField label={t('fields.email')} required={false} type="email" autoComplete="email" {...textProps(form, 'email')} />
        <TextField
          label={t('fields.phone')}
          description={t('fields.phoneHint')}
          required={false}
          type="tel"
          autoComplete="tel"
          maxLength={20}
          {...textProps(form, 'phone')}
        />
        <DateField
          label={t('fields.dateOfBirth')}
          required
          min={fromIsoDate(EARLIEST_DATE) ?? undefined}
          max={fromIsoDate(yearsBefore(todayIso(), MIN_AGE_YEARS)) ?? undefined}
          {...choiceProps(form, 'dateOfBirth')}
        />
        <Select label={t('fields.gender')} required data={genders} allowDeselect={false} {...choiceProps(form, 'gender')} />
      </SimpleGrid>
      <Select label={t('fields.city')} data={cities} searchable clearable {...choiceProps(form, 'cityCode')} />
    </Stack>
  );
}

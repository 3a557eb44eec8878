import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/ui/text-field';
import { fromIsoDate } from '@/shared/lib/date-field';
import { DateField } from '@/shared/ui/date-field';

import { useCvReference } from '../api/get-cv-reference';
import { EARLIEST_DATE, MIN_AGE_YEARS, todayIso, yearsBefore } from '../lib/validation';
import { setFields, type StepProps } from './step-props';

/** Step 1: who the CV is of, and its title. */
export function PersonalStep({ form, errors, update, language }: StepProps) {
  const { t } = useTranslation('cv');
  const genders = useCvReference('genders', language);
  const cities = useCvReference('cities', language);
  return (
    <Stack gap="md">
      <TextField
        label={t('fields.title')}
        description={t('fields.titleHint')}
        value={form.title}
        onChange={(title) => setFields(update, { title })}
        error={errors.title}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField label={t('fields.firstname')} autoComplete="given-name" value={form.firstname} onChange={(firstname) => setFields(update, { firstname })} error={errors.firstname} />
        <TextField label={t('fields.lastname')} autoComplete="family-name" value={form.lastname} onChange={(lastname) => setFields(update, { lastname })} error={errors.lastname} />
        <TextField
          label={t('fields.email')}
          required={false}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(email) => setFields(update, { email })}
          error={errors.email}
        />
        <TextField
          label={t('fields.phone')}
          description={t('fields.phoneHint')}
          required={false}
          type="tel"
          autoComplete="tel"
          maxLength={20}
          value={form.phone}
          onChange={(phone) => update((current) => ({ ...current, phone }), ['phoneNumber'])}
          error={errors.phoneNumber}
        />
        <DateField
          label={t('fields.dateOfBirth')}
          required
          min={fromIsoDate(EARLIEST_DATE) ?? undefined}
          max={fromIsoDate(yearsBefore(todayIso(), MIN_AGE_YEARS)) ?? undefined}
          value={form.dateOfBirth || null}
          onChange={(dateOfBirth) => setFields(update, { dateOfBirth: dateOfBirth ?? '' })}
          error={errors.dateOfBirth}
        />
        <Select
          label={t('fields.gender')}
          required
          data={genders}
          value={form.gender || null}
          onChange={(gender) => setFields(update, { gender: gender ?? '' })}
          error={errors.gender}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Select
        label={t('fields.city')}
        data={cities}
        searchable
        clearable
        value={form.cityCode || null}
        onChange={(cityCode) => setFields(update, { cityCode: cityCode ?? '' })}
        error={errors.cityCode}
      />
    </Stack>
  );
}

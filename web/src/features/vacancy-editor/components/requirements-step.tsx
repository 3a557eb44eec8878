import { Button, Checkbox, CloseButton, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useReference } from '@/shared/vacancies/reference';

import { REQUIREMENT_FLAGS, rowKey } from '../lib/form';
import { MAX_AGE, MAX_EXPERIENCE_YEARS, MIN_AGE } from '../lib/schema';
import { Section } from './section';
import { numberProps, type StepProps } from './step-props';

/** The most language rows a vacancy asks for. */
const MAX_LANGUAGES = 20;

/** Step 3: who the employer looks for: age, place, gender, education, experience, languages, licences and the six flags. */
export function RequirementsStep({ form, language }: StepProps) {
  const { t } = useTranslation('vacancyEditor');
  const cities = useReference('cities', language);
  const genders = useReference('genders', language);
  const educationLevels = useReference('educationLevels', language);
  const experiences = useReference('workExperiences', language);
  const languages = useReference('languages', language);
  const proficiencies = useReference('proficiencies', language);
  const licences = useReference('driverLicences', language);
  const values = form.values;
  const licenceLabel = (code: string) => licences.find((option) => option.value === code)?.label ?? code;

  function chooseLicences(codes: string[]) {
    const kept = new Map(values.driverLicences.map((row) => [row.code, row]));
    form.setFieldValue(
      'driverLicences',
      codes.map((code) => kept.get(code) ?? { code, experienceYears: '' }),
    );
    Object.keys(form.errors)
      .filter((path) => path.startsWith('driverLicences.'))
      .forEach((path) => form.clearFieldError(path));
  }

  return (
    <Stack gap="xl">
      <Section title={t('requirements.person')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <NumberInput label={t('fields.minAge')} min={MIN_AGE} max={MAX_AGE} allowDecimal={false} allowNegative={false} {...numberProps(form, 'minAge')} />
          <NumberInput label={t('fields.maxAge')} min={MIN_AGE} max={MAX_AGE} allowDecimal={false} allowNegative={false} {...numberProps(form, 'maxAge')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('fields.requiredCity')} searchable clearable data={cities} nothingFoundMessage={t('fields.nothingFound')} {...form.getInputProps('requiredCityCode')} />
          <Select label={t('fields.requiredGender')} clearable data={genders} {...form.getInputProps('requiredGenderCode')} />
          <Select label={t('fields.education')} clearable data={educationLevels} {...form.getInputProps('educationLevelCode')} />
          <Select label={t('fields.experience')} clearable data={experiences} {...form.getInputProps('workExperienceCode')} />
        </SimpleGrid>
      </Section>

      <Section title={t('requirements.languages')}>
        {values.languages.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('requirements.noLanguages')}
          </Text>
        )}
        {values.languages.map((row, index) => (
          <Group key={row.key} align="flex-start" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
              <Select
                label={t('fields.language')}
                required
                searchable
                data={languages}
                nothingFoundMessage={t('fields.nothingFound')}
                {...form.getInputProps(`languages.${index}.language`)}
              />
              <Select label={t('fields.proficiency')} required data={proficiencies} {...form.getInputProps(`languages.${index}.proficiency`)} />
            </SimpleGrid>
            <CloseButton mt={28} aria-label={t('requirements.removeLanguage', { number: index + 1 })} onClick={() => form.removeListItem('languages', index)} />
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            disabled={values.languages.length >= MAX_LANGUAGES}
            onClick={() => form.insertListItem('languages', { key: rowKey(), language: null, proficiency: null })}
          >
            + {t('requirements.addLanguage')}
          </Button>
        </Group>
      </Section>

      <Section title={t('requirements.driverLicences')}>
        <MultiSelect
          label={t('fields.driverLicences')}
          data={licences}
          value={values.driverLicences.map((row) => row.code)}
          onChange={chooseLicences}
          error={form.errors.driverLicences}
        />
        {values.driverLicences.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {values.driverLicences.map((row, index) => (
              <NumberInput
                key={row.code}
                label={t('fields.licenceExperience', { licence: licenceLabel(row.code) })}
                min={0}
                max={MAX_EXPERIENCE_YEARS}
                allowDecimal={false}
                allowNegative={false}
                {...numberProps(form, `driverLicences.${index}.experienceYears`)}
              />
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Section title={t('requirements.suitable')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {REQUIREMENT_FLAGS.map((flag) => (
            <Checkbox key={flag} label={t(`flags.${flag}`)} {...form.getInputProps(flag, { type: 'checkbox' })} />
          ))}
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

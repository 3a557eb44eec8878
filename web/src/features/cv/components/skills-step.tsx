import { Divider, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { OptionalLabel } from '@/shared/ui/optional-label';
import { TextField } from '@/shared/ui/text-field';

import { useCvReference } from '../api/get-cv-reference';
import { RowListFields } from './row-list';
import { choiceProps, type StepProps, textProps } from './step-props';

/** Step 4: languages, skills and driving licences. */
export function SkillsStep({ form, language }: StepProps) {
  const { t } = useTranslation('cv');
  const languages = useCvReference('languages', language);
  const proficiencies = useCvReference('proficiencies', language);
  const skillLevels = useCvReference('skillLevels', language);
  const licences = useCvReference('driverLicences', language);
  return (
    <Stack gap="xl">
      <RowListFields list="languageSkills" form={form}>
        {(_row, _index, path) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('fields.language')} required searchable data={languages} allowDeselect={false} {...choiceProps(form, path('language'))} />
            <Select label={t('fields.proficiency')} required data={proficiencies} allowDeselect={false} {...choiceProps(form, path('proficiency'))} />
          </SimpleGrid>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="skills" form={form}>
        {(_row, _index, path) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField label={t('fields.skill')} {...textProps(form, path('skill'))} />
            <Select label={t('fields.level')} required data={skillLevels} allowDeselect={false} {...choiceProps(form, path('level'))} />
          </SimpleGrid>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="driverLicences" form={form}>
        {(_row, _index, path) => (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select label={t('fields.driverLicence')} required data={licences} allowDeselect={false} {...choiceProps(form, path('driverLicence'))} />
            <TextInput label={t('fields.yearOfIssue')} required inputMode="numeric" maxLength={4} {...form.getInputProps(path('yearOfIssue'))} />
            <TextInput label={<OptionalLabel>{t('fields.experienceYears')}</OptionalLabel>} inputMode="numeric" maxLength={2} {...form.getInputProps(path('experienceYears'))} />
          </SimpleGrid>
        )}
      </RowListFields>
    </Stack>
  );
}

import { Divider, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/ui/text-field';

import { useCvReference } from '../api/get-cv-reference';
import { RowListFields } from './row-list';
import type { StepProps } from './step-props';

/** Step 4: languages, skills and driving licences. */
export function SkillsStep({ form, errors, update, language }: StepProps) {
  const { t } = useTranslation('cv');
  const languages = useCvReference('languages', language);
  const proficiencies = useCvReference('proficiencies', language);
  const skillLevels = useCvReference('skillLevels', language);
  const licences = useCvReference('driverLicences', language);
  return (
    <Stack gap="xl">
      <RowListFields list="languageSkills" form={form} update={update} errors={errors}>
        {(row, i, change) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('fields.language')}
              required
              searchable
              data={languages}
              value={row.language || null}
              onChange={(value) => change({ language: value ?? '' })}
              error={errors[`languageSkills[${i}].language`]}
              allowDeselect={false}
            />
            <Select
              label={t('fields.proficiency')}
              required
              data={proficiencies}
              value={row.proficiency || null}
              onChange={(value) => change({ proficiency: value ?? '' })}
              error={errors[`languageSkills[${i}].proficiency`]}
              allowDeselect={false}
            />
          </SimpleGrid>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="skills" form={form} update={update} errors={errors}>
        {(row, i, change) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField label={t('fields.skill')} value={row.skill} onChange={(skill) => change({ skill })} error={errors[`skills[${i}].skill`]} />
            <Select
              label={t('fields.level')}
              required
              data={skillLevels}
              value={row.level || null}
              onChange={(value) => change({ level: value ?? '' })}
              error={errors[`skills[${i}].level`]}
              allowDeselect={false}
            />
          </SimpleGrid>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="driverLicences" form={form} update={update} errors={errors}>
        {(row, i, change) => (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('fields.driverLicence')}
              required
              data={licences}
              value={row.driverLicence || null}
              onChange={(value) => change({ driverLicence: value ?? '' })}
              error={errors[`driverLicences[${i}].driverLicence`]}
              allowDeselect={false}
            />
            <TextInput
              label={t('fields.yearOfIssue')}
              required
              inputMode="numeric"
              maxLength={4}
              value={row.yearOfIssue}
              onChange={(event) => change({ yearOfIssue: event.currentTarget.value })}
              error={errors[`driverLicences[${i}].yearOfIssue`]}
            />
            <TextInput
              label={t('fields.experienceYears')}
              inputMode="numeric"
              maxLength={2}
              value={row.experienceYears}
              onChange={(event) => change({ experienceYears: event.currentTarget.value })}
              error={errors[`driverLicences[${i}].experienceYears`]}
            />
          </SimpleGrid>
        )}
      </RowListFields>
    </Stack>
  );
}

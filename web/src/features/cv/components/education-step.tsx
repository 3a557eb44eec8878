import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/ui/text-field';

import { useCvReference } from '../api/get-cv-reference';
import { RowListFields } from './row-list';
import { choiceProps, type StepProps, textProps } from './step-props';

/** Step 2: schools, each with its level, institution, speciality and graduation year. */
export function EducationStep({ form, language }: StepProps) {
  const { t } = useTranslation('cv');
  const levels = useCvReference('educationLevels', language);
  return (
    <RowListFields list="educations" form={form} withTitle={false}>
      {(_row, _index, path) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('fields.educationLevel')} required data={levels} allowDeselect={false} {...choiceProps(form, path('educationLevel'))} />
          <TextField label={t('fields.institution')} {...textProps(form, path('institution'))} />
          <TextField label={t('fields.speciality')} required={false} {...textProps(form, path('speciality'))} />
          <TextInput label={t('fields.graduationYear')} required inputMode="numeric" maxLength={4} {...form.getInputProps(path('graduationYear'))} />
          <Checkbox label={t('fields.stillStudying')} {...form.getInputProps(path('stillStudying'), { type: 'checkbox' })} />
        </SimpleGrid>
      )}
    </RowListFields>
  );
}

import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/ui/text-field';

import { useCvReference } from '../api/get-cv-reference';
import { RowListFields } from './row-list';
import type { StepProps } from './step-props';

/** Step 2: schools, each with its level, institution, speciality and graduation year. */
export function EducationStep({ form, errors, update, language }: StepProps) {
  const { t } = useTranslation('cv');
  const levels = useCvReference('educationLevels', language);
  return (
    <RowListFields list="educations" form={form} update={update} errors={errors} withTitle={false}>
      {(row, i, change) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('fields.educationLevel')}
            required
            data={levels}
            value={row.educationLevel || null}
            onChange={(value) => change({ educationLevel: value ?? '' })}
            error={errors[`educations[${i}].educationLevel`]}
            allowDeselect={false}
          />
          <TextField label={t('fields.institution')} value={row.institution} onChange={(institution) => change({ institution })} error={errors[`educations[${i}].institution`]} />
          <TextField
            label={t('fields.speciality')}
            required={false}
            value={row.speciality}
            onChange={(speciality) => change({ speciality })}
            error={errors[`educations[${i}].speciality`]}
          />
          <TextInput
            label={t('fields.graduationYear')}
            required
            inputMode="numeric"
            maxLength={4}
            value={row.graduationYear}
            onChange={(event) => change({ graduationYear: event.currentTarget.value })}
            error={errors[`educations[${i}].graduationYear`]}
          />
          <Checkbox
            label={t('fields.stillStudying')}
            checked={row.stillStudying}
            onChange={(event) => change({ stillStudying: event.currentTarget.checked })}
          />
        </SimpleGrid>
      )}
    </RowListFields>
  );
}

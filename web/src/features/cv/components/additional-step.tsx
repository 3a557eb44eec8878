import { Divider, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { TextArea } from '@/shared/ui/text-area';
import { TextField } from '@/shared/ui/text-field';

import type { RowFile } from '../lib/form';
import { MAX_LONG_TEXT } from './experience-step';
import { RowFiles } from './row-files';
import { RowListFields } from './row-list';
import { type CvFormApi, type StepProps, textProps } from './step-props';

/** The file of a certificate, course or reference (one or none), at `path` in the form. */
function singleFileProps(form: CvFormApi, file: RowFile | null, path: string) {
  return { files: file ? [file] : [], onChange: (files: RowFile[]) => form.setFieldValue(path, files[0] ?? null), error: form.errors[path] };
}

/** Step 6: certificates, courses, references, portfolio, about me, the PDF and the visibility. */
export function AdditionalStep({ form, pdf }: StepProps & { pdf: ReactNode }) {
  const { t } = useTranslation('cv');
  return (
    <Stack gap="xl">
      <RowListFields list="certificates" form={form}>
        {(row, _index, path) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField label={t('fields.certificateTitle')} {...textProps(form, path('title'))} />
              <TextInput label={t('fields.year')} required inputMode="numeric" maxLength={4} {...form.getInputProps(path('year'))} />
            </SimpleGrid>
            <RowFiles kind="certificate" {...singleFileProps(form, row.file, path('file'))} />
          </>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="courses" form={form}>
        {(row, _index, path) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField label={t('fields.courseTitle')} {...textProps(form, path('title'))} />
              <TextField label={t('fields.organizer')} {...textProps(form, path('organizer'))} />
            </SimpleGrid>
            <RowFiles kind="course" {...singleFileProps(form, row.file, path('file'))} />
          </>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="references" form={form}>
        {(row, _index, path) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField label={t('fields.referenceName')} {...textProps(form, path('name'))} />
              <TextField label={t('fields.company')} required={false} {...textProps(form, path('company'))} />
              <TextField label={t('fields.jobTitle')} required={false} {...textProps(form, path('jobTitle'))} />
              <TextField label={t('fields.contact')} required={false} {...textProps(form, path('contact'))} />
            </SimpleGrid>
            <RowFiles kind="reference" {...singleFileProps(form, row.file, path('file'))} />
          </>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="portfolio" form={form}>
        {(row, _index, path) => (
          <>
            <TextField label={t('fields.url')} description={t('fields.urlHint')} required={false} type="url" maxLength={500} {...textProps(form, path('url'))} />
            <TextArea
              label={t('fields.portfolioDescription')}
              minRows={2}
              maxRows={6}
              maxLength={MAX_LONG_TEXT}
              {...form.getInputProps(path('description'))}
            />
            <RowFiles
              kind="portfolio"
              files={row.files}
              onChange={(files) => form.setFieldValue(path('files'), files)}
              error={form.errors[path('files')]}
            />
          </>
        )}
      </RowListFields>
      <Divider />
      <TextArea
        label={t('fields.aboutMe')}
        description={t('fields.aboutMeHint')}
        minRows={4}
        maxRows={12}
        maxLength={MAX_LONG_TEXT}
        {...form.getInputProps('aboutMe')}
      />
      {pdf}
      <Radio.Group label={t('fields.visibility')} {...form.getInputProps('visibility')}>
        <Stack gap="xs" mt="xs">
          <Radio value="VISIBLE" label={t('fields.visible')} />
          <Radio value="HIDDEN" label={t('fields.hidden')} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

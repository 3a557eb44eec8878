import { Divider, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/ui/text-field';

import type { Visibility } from '../api/types';
import type { RowFile } from '../lib/form';
import { MAX_LONG_TEXT } from './experience-step';
import { RowFiles } from './row-files';
import { RowListFields } from './row-list';
import { type FormUpdate, setFields, type StepProps } from './step-props';

type FileList = 'certificates' | 'courses' | 'references';

/** Sets the file of a certificate, course or reference; the server's message on `fileId` goes with it. */
function setRowFile(update: FormUpdate, list: FileList, index: number, file: RowFile | null): void {
  update(
    (form) => ({ ...form, [list]: form[list].map((row, i) => (i === index ? { ...row, file } : row)) }),
    [`${list}[${index}].fileId`],
  );
}

function setPortfolioFiles(update: FormUpdate, index: number, files: RowFile[]): void {
  update(
    (form) => ({ ...form, portfolio: form.portfolio.map((row, i) => (i === index ? { ...row, files } : row)) }),
    [`portfolio[${index}].fileIds`],
  );
}

/** Step 6: certificates, courses, references, portfolio, about me, the PDF and the visibility. */
export function AdditionalStep({ form, errors, update, pdf }: StepProps & { pdf: ReactNode }) {
  const { t } = useTranslation('cv');
  return (
    <Stack gap="xl">
      <RowListFields list="certificates" form={form} update={update} errors={errors}>
        {(row, i, change) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField label={t('fields.certificateTitle')} value={row.title} onChange={(title) => change({ title })} error={errors[`certificates[${i}].title`]} />
              <TextInput
                label={t('fields.year')}
                required
                inputMode="numeric"
                maxLength={4}
                value={row.year}
                onChange={(event) => change({ year: event.currentTarget.value })}
                error={errors[`certificates[${i}].year`]}
              />
            </SimpleGrid>
            <RowFiles
              kind="certificate"
              files={row.file ? [row.file] : []}
              onChange={(files) => setRowFile(update, 'certificates', i, files[0] ?? null)}
              error={errors[`certificates[${i}].fileId`]}
            />
          </>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="courses" form={form} update={update} errors={errors}>
        {(row, i, change) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField label={t('fields.courseTitle')} value={row.title} onChange={(title) => change({ title })} error={errors[`courses[${i}].title`]} />
              <TextField label={t('fields.organizer')} value={row.organizer} onChange={(organizer) => change({ organizer })} error={errors[`courses[${i}].organizer`]} />
            </SimpleGrid>
            <RowFiles
              kind="course"
              files={row.file ? [row.file] : []}
              onChange={(files) => setRowFile(update, 'courses', i, files[0] ?? null)}
              error={errors[`courses[${i}].fileId`]}
            />
          </>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="references" form={form} update={update} errors={errors}>
        {(row, i, change) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField label={t('fields.referenceName')} value={row.name} onChange={(name) => change({ name })} error={errors[`references[${i}].name`]} />
              <TextField label={t('fields.company')} required={false} value={row.company} onChange={(company) => change({ company })} error={errors[`references[${i}].company`]} />
              <TextField label={t('fields.jobTitle')} required={false} value={row.jobTitle} onChange={(jobTitle) => change({ jobTitle })} error={errors[`references[${i}].jobTitle`]} />
              <TextField label={t('fields.contact')} required={false} value={row.contact} onChange={(contact) => change({ contact })} error={errors[`references[${i}].contact`]} />
            </SimpleGrid>
            <RowFiles
              kind="reference"
              files={row.file ? [row.file] : []}
              onChange={(files) => setRowFile(update, 'references', i, files[0] ?? null)}
              error={errors[`references[${i}].fileId`]}
            />
          </>
        )}
      </RowListFields>
      <Divider />
      <RowListFields list="portfolio" form={form} update={update} errors={errors}>
        {(row, i, change) => (
          <>
            <TextField
              label={t('fields.url')}
              description={t('fields.urlHint')}
              required={false}
              type="url"
              maxLength={500}
              value={row.url}
              onChange={(url) => change({ url })}
              error={errors[`portfolio[${i}].url`]}
            />
            <Textarea
              label={t('fields.portfolioDescription')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={MAX_LONG_TEXT}
              value={row.description}
              onChange={(event) => change({ description: event.currentTarget.value })}
              error={errors[`portfolio[${i}].description`]}
            />
            <RowFiles kind="portfolio" files={row.files} onChange={(files) => setPortfolioFiles(update, i, files)} error={errors[`portfolio[${i}].fileIds`]} />
          </>
        )}
      </RowListFields>
      <Divider />
      <Textarea
        label={t('fields.aboutMe')}
        description={t('fields.aboutMeHint')}
        autosize
        minRows={4}
        maxRows={12}
        maxLength={MAX_LONG_TEXT}
        value={form.aboutMe}
        onChange={(event) => setFields(update, { aboutMe: event.currentTarget.value })}
        error={errors.aboutMe}
      />
      {pdf}
      <Radio.Group
        label={t('fields.visibility')}
        value={form.visibility}
        onChange={(value) => setFields(update, { visibility: value as Visibility })}
        error={errors.visibility}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="VISIBLE" label={t('fields.visible')} />
          <Radio value="HIDDEN" label={t('fields.hidden')} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

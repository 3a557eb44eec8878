import { Alert, Checkbox, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PictureField } from '@/shared/pictures/picture-field';
import { DateField } from '@/shared/ui/date-field';
import { OptionalLabel } from '@/shared/ui/optional-label';
import { useOccupationGroups, useReference } from '@/shared/vacancies/reference';

import { useUploadVacancyPicture } from '../api/upload-vacancy-picture';
import { TEASER_LIMIT } from '../lib/form';
import { statesPay } from '../lib/pay-transparency';
import { MAX_SALARY } from '../lib/schema';
import { LazyRichTextEditor } from './lazy-rich-text-editor';
import { Section } from './section';
import { numberProps, type StepProps } from './step-props';

/**
 * Step 1: what the job is (occupation, categories, type of employment), where, the salary, when it
 * is published, and its teaser, text and picture in each language.
 */
export function BasicInfoStep({ form, language }: StepProps) {
  const { t } = useTranslation('vacancyEditor');
  const uploadImage = useUploadVacancyPicture('image');
  const occupations = useOccupationGroups(language);
  const categories = useReference('categories', language);
  const cities = useReference('cities', language);
  const employments = useReference('employments', language);
  const periods = useReference('periods', language);
  const values = form.values;
  const byAgreement = values.salaryByAgreement;
  const [tab, setTab] = useState<string | null>('et');
  const languagesWithErrors = values.contents
    .filter((_, index) => Object.keys(form.errors).some((path) => path === `contents.${index}` || path.startsWith(`contents.${index}.`)))
    .map((row) => row.languageCode);
  const errorTabs = languagesWithErrors.join(',');

  // a text the server or the rules refused is shown, not left behind another tab
  useEffect(() => {
    const withErrors = errorTabs ? errorTabs.split(',') : [];
    setTab((current) => (withErrors.length > 0 && !withErrors.includes(current ?? '') ? withErrors[0]! : current));
  }, [errorTabs]);

  function chooseOccupation(code: string | null) {
    form.setFieldValue('occupationCode', code);
    // the occupation's own category is the likely first one
    const group = occupations.find((candidate) => candidate.items.some((item) => item.value === code));
    if (group && form.getValues().categoryCodes.length === 0) form.setFieldValue('categoryCodes', [group.categoryCode]);
  }

  function setByAgreement(checked: boolean) {
    form.setFieldValue('salaryByAgreement', checked);
    if (checked) {
      form.setFieldValue('salaryFrom', '');
      form.setFieldValue('salaryTo', '');
      form.setFieldValue('salaryPeriodCode', null);
      for (const path of ['salaryFrom', 'salaryTo', 'salaryPeriodCode'] as const) form.clearFieldError(path);
    }
  }

  return (
    <Stack gap="xl">
      <Section title={t('basic.job')}>
        <Select
          label={t('fields.occupation')}
          required
          searchable
          data={occupations.map(({ group, items }) => ({ group, items }))}
          nothingFoundMessage={t('fields.nothingFound')}
          limit={60}
          {...form.getInputProps('occupationCode')}
          onChange={chooseOccupation}
        />
        <MultiSelect
          label={t('fields.categories')}
          required
          searchable
          data={categories}
          maxValues={10}
          nothingFoundMessage={t('fields.nothingFound')}
          {...form.getInputProps('categoryCodes')}
        />
        <Select label={t('fields.employmentType')} required data={employments} {...form.getInputProps('employmentTypeCode')} />
        <Group gap="lg">
          <Checkbox label={t('fields.remoteWork')} {...form.getInputProps('remoteWork', { type: 'checkbox' })} />
          <Checkbox label={t('fields.shiftWork')} {...form.getInputProps('shiftWork', { type: 'checkbox' })} />
        </Group>
      </Section>

      <Section title={t('basic.location')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('fields.place')} searchable data={cities} nothingFoundMessage={t('fields.nothingFound')} {...form.getInputProps('ehakCode')} />
          <TextInput
            label={t('fields.address')}
            description={t('fields.addressHint')}
            required
            maxLength={300}
            {...form.getInputProps('address')}
            onChange={(event) => {
              form.setFieldValue('address', event.currentTarget.value);
              // the register's address id named the address as it was
              form.setFieldValue('adsAdrId', null);
            }}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('basic.salary')} description={t('basic.salaryHint')}>
        <Checkbox label={t('fields.salaryByAgreement')} {...form.getInputProps('salaryByAgreement', { type: 'checkbox' })} onChange={(event) => setByAgreement(event.currentTarget.checked)} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={t('fields.salaryFrom')} min={0} max={MAX_SALARY} step={0.01} decimalScale={2} allowNegative={false} suffix=" €" disabled={byAgreement} {...numberProps(form, 'salaryFrom')} />
          <NumberInput label={t('fields.salaryTo')} min={0} max={MAX_SALARY} step={0.01} decimalScale={2} allowNegative={false} suffix=" €" disabled={byAgreement} {...numberProps(form, 'salaryTo')} />
          <Select label={t('fields.salaryPeriod')} data={periods} disabled={byAgreement} {...form.getInputProps('salaryPeriodCode')} />
        </SimpleGrid>
        <Text size="sm">
          {t('payTransparency.directive')}
        </Text>
        {!statesPay(values) && (
          <Alert color="yellow" variant="light" data-testid="no-pay-range">
            {t('payTransparency.noRange')}
          </Alert>
        )}
      </Section>

      <Section title={t('basic.publishing')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label={t('fields.publishDate')}
            required
            value={values.publishDate}
            onChange={(date) => form.setFieldValue('publishDate', date)}
            error={form.errors.publishDate}
          />
          <TimeInput label={t('fields.publishTime')} description={t('fields.tallinnTime')} required {...form.getInputProps('publishTime')} />
        </SimpleGrid>
      </Section>

      <Section title={t('basic.texts')} description={t('basic.textsHint')}>
        {form.errors.contents && (
          <Text c="red" size="sm" role="alert">
            {form.errors.contents}
          </Text>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {values.contents.map((row) => {
              const hasError = languagesWithErrors.includes(row.languageCode);
              return (
                <Tabs.Tab key={row.languageCode} value={row.languageCode} color={hasError ? 'red' : undefined} c={hasError ? 'red' : undefined}>
                  {t(`languages.${row.languageCode}`)}
                  {hasError ? ' •' : ''}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {values.contents.map((row, index) => (
            <Tabs.Panel key={row.languageCode} value={row.languageCode} pt="md">
              <Stack gap="md">
                <TextInput
                  label={t('fields.teaser', { language: t(`languages.${row.languageCode}`) })}
                  description={t('fields.teaserCount', { count: row.teaser.length, max: TEASER_LIMIT })}
                  {...form.getInputProps(`contents.${index}.teaser`)}
                />
                <LazyRichTextEditor
                  label={t('fields.content', { language: t(`languages.${row.languageCode}`) })}
                  value={row.content}
                  onChange={(content) => form.setFieldValue(`contents.${index}.content`, content)}
                  error={form.errors[`contents.${index}.content`]}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Section>

      <Section title={t('basic.more')}>
        <PictureField
          upload={uploadImage}
          label={t('fields.image')}
          description={t('fields.imageHint')}
          fileId={values.imageFileId}
          onChange={(fileId) => form.setFieldValue('imageFileId', fileId)}
          error={form.errors.imageFileId}
          height={200}
        />
        <TextInput label={<OptionalLabel>{t('fields.applyLink')}</OptionalLabel>} description={t('fields.applyLinkHint')} type="url" placeholder="https://" {...form.getInputProps('applyLink')} />
      </Section>
    </Stack>
  );
}

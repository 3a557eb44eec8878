import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BankDetails } from '@/shared/billing/components/bank-details';
import { loadBillingTexts } from '@/shared/billing/texts';
import { ensureNamespace } from '@/shared/i18n';
import { useLanguage } from '@/shared/i18n/use-language';
import { DateField } from '@/shared/ui/date-field';
import { notify, notifyError, notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { TextField } from '@/shared/ui/text-field';
import type { VacancyListItem } from '@/shared/vacancies/api';
import { VacancyCard } from '@/shared/vacancies/vacancy-card';

import { texts } from '../texts';

export const loader = () => Promise.all([ensureNamespace('samples', texts), loadBillingTexts()]);

/** One part of the catalogue: a heading and its examples. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`samples-${id}`}>
      <Title order={2} size="h3" id={`samples-${id}`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A sample with the state it shows written under it. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      {children}
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function Buttons() {
  const { t } = useTranslation('samples');
  return (
    <Section id="buttons" title={t('buttons.title')}>
      <Group gap="sm">
        <Button>{t('buttons.primary')}</Button>
        <Button variant="light">{t('buttons.light')}</Button>
        <Button variant="default">{t('buttons.default')}</Button>
        <Button variant="subtle">{t('buttons.subtle')}</Button>
        <Button color="red">{t('buttons.danger')}</Button>
        <Button loading>{t('buttons.loading')}</Button>
        <Button disabled>{t('buttons.disabled')}</Button>
        <Button size="xs" variant="light" color="green">
          {t('buttons.small')}
        </Button>
      </Group>
    </Section>
  );
}

function Fields() {
  const { t } = useTranslation('samples');
  const [name, setName] = useState(() => t('fields.nameValue'));
  const [web, setWeb] = useState('');
  const [title, setTitle] = useState(() => t('fields.counterValue'));
  const [email, setEmail] = useState('mari@');
  const [empty, setEmpty] = useState('');
  return (
    <Section id="fields" title={t('fields.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField label={t('fields.name')} value={name} onChange={setName} />
        <TextField label={t('fields.optional')} required={false} value={web} onChange={setWeb} />
        <TextField label={t('fields.counter')} value={title} onChange={setTitle} withCounter />
        <TextField label={t('fields.error')} value={email} onChange={setEmail} error={t('fields.errorText')} />
        <TextField label={t('fields.empty')} value={empty} onChange={setEmpty} error={empty ? undefined : t('fields.required')} />
        <TextField label={t('buttons.disabled')} value={name} onChange={setName} disabled />
      </SimpleGrid>
    </Section>
  );
}

function isoDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

function Dates() {
  const { t } = useTranslation('samples');
  const [start, setStart] = useState<string | null>(null);
  const [birth, setBirth] = useState<string | null>('1990-05-17');
  const [publish, setPublish] = useState<string | null>(() => isoDay(new Date()));
  const [end, setEnd] = useState<string | null>(null);
  const [workday, setWorkday] = useState<string | null>(null);
  const today = new Date();
  const limit = new Date(today.getTime() + 30 * 24 * 60 * 60 * 1000);
  return (
    <Section id="dates" title={t('dates.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label={t('dates.empty')} value={start} onChange={setStart} />
        <DateField label={t('dates.filled')} value={birth} onChange={setBirth} />
        <DateField label={t('dates.limited')} value={publish} onChange={setPublish} min={today} max={limit} />
        <DateField label={t('dates.invalid')} value={end} onChange={setEnd} error={t('dates.invalidText')} />
        <DateField label={t('dates.workdays')} value={workday} onChange={setWorkday} excludeDate={(date) => date.getDay() === 0 || date.getDay() === 6} />
      </SimpleGrid>
    </Section>
  );
}

function sampleVacancy(teaser: string, language: string, pro: boolean): VacancyListItem {
  const now = Date.now();
  return {
    vacancyId: pro ? '00000000-0000-4000-8000-000000000002' : '00000000-0000-4000-8000-000000000001',
    address: 'Harju maakond, Tallinn, Narva mnt 5',
    businessName: pro ? 'Näidis Ehitus AS' : 'Põhja Köök OÜ',
    byAgreement: !pro,
    salaryFrom: pro ? 1800 : null,
    salaryTo: pro ? 2400 : null,
    salaryPeriod: pro ? 'MONTH' : null,
    company: { countryCode: 'EE', registryCode: pro ? '10000002' : '10000001' },
    companyLogo: null,
    cover: null,
    cvNotRequired: !pro,
    forDisabled: false,
    forForeigners: pro,
    forRetired: false,
    forStudents: !pro,
    forUnderage: false,
    isBranded: pro,
    isFavorite: false,
    new: true,
    occupation: pro ? { labels: { et: 'Ehitusinsener', en: 'Civil engineer', ru: 'Инженер-строитель' } } : { labels: { et: 'Kokk', en: 'Cook', ru: 'Повар' } },
    premiumStatus: pro ? 3 : 0,
    publishDate: new Date(now - 24 * 60 * 60 * 1000).toISOString(),
    validUntil: new Date(now + 29 * 24 * 60 * 60 * 1000).toISOString(),
    remoteWork: pro,
    shiftWork: !pro,
    teasers: [{ languageCode: language, content: teaser }],
  } as VacancyListItem;
}

function Cards() {
  const { t } = useTranslation('samples');
  const language = useLanguage();
  const teaser = t('cards.teaser');
  return (
    <Section id="cards" title={t('cards.title')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Labelled label={t('cards.vacancy')}>
          <VacancyCard vacancy={sampleVacancy(teaser, language, false)} language={language} />
        </Labelled>
        <Labelled label={t('cards.proVacancy')}>
          <VacancyCard vacancy={sampleVacancy(teaser, language, true)} language={language} />
        </Labelled>
        <Labelled label={t('cards.bank')}>
          <Card withBorder padding="md">
            <BankDetails
              bank={{ recipient: 'Vakants OÜ', iban: 'EE382200221020145685', bankName: 'Swedbank', bic: 'HABAEE2X' }}
              referenceNumber="20260001231"
              totalCents={3596}
              dueOn="2026-12-09"
              invoiceNumber="2026-000123"
            />
          </Card>
        </Labelled>
        <Labelled label={t('cards.plain')}>
          <Card withBorder padding="md">
            <Text>{t('cards.plainText')}</Text>
          </Card>
        </Labelled>
      </SimpleGrid>
    </Section>
  );
}

function Badges() {
  const { t } = useTranslation('samples');
  const badge = { style: { textTransform: 'none' as const } };
  return (
    <Section id="badges" title={t('badges.title')}>
      <Group gap="sm">
        <Badge color="orange" variant="light" {...badge}>
          {t('badges.unpaid')}
        </Badge>
        <Badge color="green" variant="light" {...badge}>
          {t('badges.paid')}
        </Badge>
        <Badge color="gray" variant="light" {...badge}>
          {t('badges.cancelled')}
        </Badge>
        <Badge color="red" {...badge}>
          {t('badges.overdue')}
        </Badge>
        <Badge color="teal" {...badge}>
          {t('badges.new')}
        </Badge>
        <Badge color="red" size="sm" circle aria-label={t('badges.count')}>
          3
        </Badge>
      </Group>
    </Section>
  );
}

function Toasts() {
  const { t } = useTranslation('samples');
  return (
    <Section id="toasts" title={t('toasts.title')}>
      <Group gap="sm">
        <Button variant="light" color="green" onClick={() => notifySuccess(t('toasts.successText'))}>
          {t('toasts.success')}
        </Button>
        <Button variant="light" color="red" onClick={() => notifyError(t('toasts.errorText'))}>
          {t('toasts.error')}
        </Button>
        <Button variant="default" onClick={() => void notify({ type: 'default', message: t('toasts.defaultText') })}>
          {t('toasts.default')}
        </Button>
        <Button
          variant="light"
          onClick={() => void notify({ type: 'info', title: t('toasts.infoTitle'), message: t('toasts.infoHtml'), html: true })}
        >
          {t('toasts.info')}
        </Button>
        <Button
          variant="light"
          color="yellow"
          onClick={() => void notify({ type: 'warning', title: t('toasts.warningTitle'), message: t('toasts.warningText'), className: 'vk-toast-emphasis' })}
        >
          {t('toasts.warning')}
        </Button>
      </Group>
    </Section>
  );
}

function Dialogs() {
  const { t } = useTranslation('samples');
  const [opened, dialog] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  return (
    <Section id="dialogs" title={t('dialogs.title')}>
      <Group>
        <Button variant="default" onClick={dialog.open}>
          {t('dialogs.open')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={dialog.close} title={t('dialogs.dialogTitle')} centered>
        <Stack>
          <Text size="sm">{t('dialogs.dialogText')}</Text>
          <TextField label={t('dialogs.typed')} value={typed} onChange={setTyped} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={dialog.close}>
              {t('translation:common.cancel')}
            </Button>
            <Button color="red" disabled={typed.trim() !== '2026-000123'} onClick={dialog.close}>
              {t('dialogs.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Title order={3} size="h4">
        {t('dialogs.alerts')}
      </Title>
      <Stack gap="xs">
        <Alert color="blue">{t('dialogs.info')}</Alert>
        <Alert color="orange">{t('dialogs.warning')}</Alert>
        <Alert color="red" role="alert">
          {t('dialogs.danger')}
        </Alert>
      </Stack>
    </Section>
  );
}

/** `/samples` (administrators): a living catalogue of the shared components, each in its states. */
export function Component() {
  const { t } = useTranslation('samples');
  return (
    <Page title={t('title')} size="lg">
      <Text c="dimmed">{t('intro')}</Text>
      <Buttons />
      <Fields />
      <Dates />
      <Cards />
      <Badges />
      <Toasts />
      <Dialogs />
    </Page>
  );
}

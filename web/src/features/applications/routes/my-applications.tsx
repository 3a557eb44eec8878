import { Anchor, Button, Card, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { Language } from '@/shared/i18n/languages';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { useMarkBadgeSeen } from '@/shared/session/mark-badge-seen';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

import { type MyApplication, useMyApplications } from '../api/get-my-applications';
import { useWithdrawApplication } from '../api/withdraw-application';
import { ApplicationBadges, SentOn } from '../components/application-badges';
import { canWithdraw } from '../lib/status';
import { searchForTab, type Tab, tabFromSearch, TABS } from '../lib/tabs';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

const titleOf = (application: MyApplication, language: Language) => application.vacancy.occupation[language] || application.vacancy.occupation.et;

function WithdrawModal({ application, language, onClose }: { application: MyApplication | null; language: Language; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const withdraw = useWithdrawApplication();
  const confirm = () => {
    if (!application) return;
    withdraw.mutate(
      { applicationId: application.applicationId, vacancyId: application.vacancy.vacancyId },
      {
        onSuccess: () => {
          notifySuccess(t('my.withdrawn'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={!!application} onClose={() => !withdraw.isPending && onClose()} title={t('my.withdrawTitle')} centered>
      <Text mb="lg">{application ? t('my.withdrawText', { title: titleOf(application, language) }) : null}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={withdraw.isPending}>
          {t('my.keep')}
        </Button>
        <Button color="red" onClick={confirm} loading={withdraw.isPending}>
          {t('my.withdraw')}
        </Button>
      </Group>
    </Modal>
  );
}

function ApplicationRow({ application, language, onWithdraw }: { application: MyApplication; language: Language; onWithdraw: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const title = titleOf(application, language);
  return (
    <Card withBorder padding="md" component="article" aria-label={title}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
          <Anchor component={Link} to={to(`/vacancies/${application.vacancy.vacancyId}`)} fw={700} fz="lg" c="dark" lh={1.3}>
            {title}
          </Anchor>
          <Text size="sm" fw={500}>
            {application.vacancy.businessName}
          </Text>
          <SentOn application={application} />
          <ApplicationBadges application={application} />
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={to(`/account/my-applications/${application.applicationId}`)} variant="default" size="xs">
            {t('my.view')}
          </Button>
          {canWithdraw(application) && (
            <Button variant="light" color="red" size="xs" onClick={onWithdraw}>
              {t('my.withdraw')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function ApplicationList({ tab, language }: { tab: Tab; language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const applications = useMyApplications(tab);
  const [withdrawing, setWithdrawing] = useState<MyApplication | null>(null);
  if (applications.isPending) return <Loader mx="auto" my="xl" display="block" />;
  if (applications.isError) return <Text c="red">{errorText(applications.error)}</Text>;
  if (!applications.data.length) {
    return (
      <Stack align="flex-start" gap="sm" py="md">
        <Text c="dimmed">{t(`my.empty.${tab}`)}</Text>
        <Button component={Link} to={to('/vacancies')} variant="light">
          {t('my.findVacancies')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {applications.data.map((application) => (
        <ApplicationRow key={application.applicationId} application={application} language={language} onWithdraw={() => setWithdrawing(application)} />
      ))}
      <WithdrawModal application={withdrawing} language={language} onClose={() => setWithdrawing(null)} />
    </Stack>
  );
}

/** `/account/my-applications`: the four tabs (kept in the URL); opening it clears the applications badge. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search);
  const markSeen = useMarkBadgeSeen('APPLICATIONS');
  useEffect(() => markSeen(), [markSeen]);
  return (
    <Page title={t('my.title')}>
      <Tabs value={tab} onChange={(next) => next && setSearch(searchForTab(next as Tab, search))} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`my.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <ApplicationList tab={value} language={language} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}

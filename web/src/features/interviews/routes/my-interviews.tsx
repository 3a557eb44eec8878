import { Card, Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';
import { useMarkBadgeSeen } from '@/shared/session/mark-badge-seen';

import { useMyInterviews } from '../api/get-my-interviews';
import type { ApplicantInterview } from '../api/types';
import { AcceptDialog } from '../components/accept-dialog';
import { CancelDialog } from '../components/cancel-dialog';
import { InterviewCard } from '../components/interview-card';
import { searchForTab, type Tab, TABS, tabFromSearch } from '../lib/tabs';
import { texts } from '../locales/texts';

export const loader = () => ensureNamespace('interviews', texts);

function InterviewList({ tab, onAccept, onCancel }: { tab: Tab; onAccept: (interview: ApplicantInterview) => void; onCancel: (interview: ApplicantInterview) => void }) {
  const { t } = useTranslation('interviews');
  const interviews = useMyInterviews(tab);
  if (interviews.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  }
  if (!interviews.data || interviews.data.length === 0) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            {t(`empty.${tab}.title`)}
          </Title>
          <Text c="dimmed" maw={480}>
            {t(`empty.${tab}.text`)}
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {interviews.data.map((interview) => (
        <InterviewCard key={interview.interviewId} interview={interview} onAccept={onAccept} onCancel={onCancel} />
      ))}
    </Stack>
  );
}

/** `/account/my-interviews[?tab=]`: the applicant's interviews by tab, accepting and canceling them. */
export function Component() {
  const { t } = useTranslation('interviews');
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search);
  const [accepting, setAccepting] = useState<ApplicantInterview | null>(null);
  const [canceling, setCanceling] = useState<ApplicantInterview | null>(null);
  // opening the list counts the invitations as seen: the menu badge starts again from zero
  const markSeen = useMarkBadgeSeen('INTERVIEWS');
  useEffect(() => markSeen(), [markSeen]);

  function changeTab(value: string | null) {
    const next = TABS.find((candidate) => candidate === value);
    if (next) setSearch(new URLSearchParams(searchForTab(next)));
  }

  return (
    <Page title={t('title')}>
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List aria-label={t('tabsLabel')} mb="md">
          {TABS.map((candidate) => (
            <Tabs.Tab key={candidate} value={candidate}>
              {t(`tabs.${candidate}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((candidate) => (
          <Tabs.Panel key={candidate} value={candidate}>
            <InterviewList tab={candidate} onAccept={setAccepting} onCancel={setCanceling} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <AcceptDialog interview={accepting} onClose={() => setAccepting(null)} />
      <CancelDialog interview={canceling} onClose={() => setCanceling(null)} />
    </Page>
  );
}

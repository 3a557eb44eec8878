import { Badge, Button, Card, Center, Group, Loader, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ensureNamespace } from '@/shared/i18n';
import { useLanguage } from '@/shared/i18n/use-language';
import { InterviewForm } from '@/shared/interviews/interview-form';
import { valuesOf } from '@/shared/interviews/lib/form';
import { NAMESPACE as FORM_NAMESPACE, texts as formTexts } from '@/shared/interviews/locales/texts';
import { useMarkBadgeSeen } from '@/shared/session/mark-badge-seen';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

import { useCancelCompanyInterview } from '../api/cancel-interview';
import { useCompleteInterview } from '../api/complete-interview';
import { useCompanyInterviews } from '../api/get-company-interviews';
import { type EmployerInterview, TABS, type Tab } from '../api/types';
import { useUpdateInterview } from '../api/update-interview';
import { MessageDialog } from '../components/message-dialog';
import { VacancyFilter } from '../components/vacancy-filter';
import { NAMESPACE, texts } from '../locales/texts';

export const loader = () => Promise.all([ensureNamespace(NAMESPACE, texts), ensureNamespace(FORM_NAMESPACE, formTexts)]).then(() => null);

const when = (iso: string) =>
  new Intl.DateTimeFormat('et-EE', { timeZone: 'Europe/Tallinn', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const hour = (iso: string) => new Intl.DateTimeFormat('et-EE', { timeZone: 'Europe/Tallinn', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

function InterviewRow({ interview, onAction }: { interview: EmployerInterview; onAction: (kind: 'update' | 'cancel' | 'complete', i: EmployerInterview) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tf } = useTranslation(FORM_NAMESPACE);
  const language = useLanguage();
  const occupation = interview.vacancy?.occupation.labels[language];
  const started = interview.start ? Date.parse(interview.start) <= Date.now() : false;
  const open = interview.status === 'INVITED' || (interview.status === 'ACCEPTED' && !started);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={interview.applicant.name ?? ''}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {interview.applicant.name ?? '—'}
          </Title>
          {occupation && <Text c="dimmed">{occupation}</Text>}
        </Stack>
        <Badge variant="light">{t(`status.${interview.displayStatus}`)}</Badge>
      </Group>
      <Text size="sm" mt="xs">
        {tf(`types.${interview.type}`)} · {interview.durationMinutes} min
        {interview.location ? ` · ${interview.location}` : ''}
      </Text>
      {interview.start ? (
        <Text size="sm">
          {t('time')}: {when(interview.start)}–{hour(interview.end ?? interview.start)}
        </Text>
      ) : (
        <Text size="sm">
          {t('offered')}: {interview.slots.map((s) => `${when(s.start)}–${hour(s.end)}`).join('; ')}
        </Text>
      )}
      {interview.applicantMessage && <Text size="sm">{t('applicantMessage')}: {interview.applicantMessage}</Text>}
      {interview.reason && <Text size="sm">{t('reason')}: {interview.reason}</Text>}
      {interview.conclusionMessage && <Text size="sm">{t('conclusion')}: {interview.conclusionMessage}</Text>}
      <Group gap="xs" mt="sm">
        {open && (
          <Button size="xs" variant="default" onClick={() => onAction('update', interview)}>
            {t('actions.update')}
          </Button>
        )}
        {open && (
          <Button size="xs" variant="default" color="red" onClick={() => onAction('cancel', interview)}>
            {t('actions.cancel')}
          </Button>
        )}
        {interview.status === 'ACCEPTED' && started && (
          <Button size="xs" onClick={() => onAction('complete', interview)}>
            {t('actions.complete')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/**
 * `/employer/account/my-interviews[?tab=&vacancy=]`: the company's interviews by tab, of one vacancy
 * when one is chosen; change, cancel with a message, complete with a conclusion.
 */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { t: tf } = useTranslation(FORM_NAMESPACE);
  const [search, setSearch] = useSearchParams();
  const tab = (TABS as string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'all';
  const vacancyId = search.get('vacancy');
  const language = useLanguage();
  // opening the list counts the applicants' answers as seen: the menu badge starts again from zero
  const markSeen = useMarkBadgeSeen('INTERVIEWS');
  useEffect(() => markSeen(), [markSeen]);
  const interviews = useCompanyInterviews(tab);
  const shown = (interviews.data ?? []).filter((interview) => !vacancyId || interview.vacancy?.vacancyId === vacancyId);
  const chosenLabel = interviews.data?.find((interview) => interview.vacancy?.vacancyId === vacancyId)?.vacancy?.occupation.labels[language] ?? null;
  const showVacancy = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (next) params.set('vacancy', next);
    else params.delete('vacancy');
    setSearch(params);
  };
  const [target, setTarget] = useState<{ kind: 'update' | 'cancel' | 'complete'; interview: EmployerInterview } | null>(null);
  const update = useUpdateInterview();
  const cancel = useCancelCompanyInterview();
  const complete = useCompleteInterview();
  const close = () => {
    setTarget(null);
    update.reset();
    cancel.reset();
    complete.reset();
  };
  const done = () => {
    notifySuccess(t('saved'));
    close();
  };

  return (
    <Page title={t('title')} size="lg">
      <VacancyFilter value={vacancyId} chosenLabel={chosenLabel} onChange={showVacancy} />
      <Tabs
        mt="md"
        value={tab}
        onChange={(value) => {
          const params = new URLSearchParams(search);
          if (value && value !== 'all') params.set('tab', value);
          else params.delete('tab');
          setSearch(params);
        }}
      >
        <Tabs.List aria-label={t('tabsLabel')} mb="md">
          {TABS.map((candidate) => (
            <Tabs.Tab key={candidate} value={candidate}>
              {t(`tabs.${candidate}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {interviews.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('translation:common.loading')} />
        </Center>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t(vacancyId ? 'vacancyFilter.empty' : 'empty')}</Text>
      ) : (
        <Stack>
          {shown.map((interview) => (
            <InterviewRow key={interview.interviewId} interview={interview} onAction={(kind, i) => setTarget({ kind, interview: i })} />
          ))}
        </Stack>
      )}
      <Modal opened={target?.kind === 'update'} onClose={close} title={tf('updateTitle')} centered size="lg">
        {target?.kind === 'update' && (
          <InterviewForm
            initialValues={valuesOf(target.interview)}
            submitLabel={tf('save')}
            submitting={update.isPending}
            error={update.error}
            onCancel={close}
            onSubmit={(values) => update.mutate({ interviewId: target.interview.interviewId, values }, { onSuccess: done })}
          />
        )}
      </Modal>
      <MessageDialog
        key={`cancel-${target?.interview.interviewId}`}
        opened={target?.kind === 'cancel'}
        title={t('cancelDialog.title')}
        label={t('cancelDialog.message')}
        submitLabel={t('cancelDialog.submit')}
        requiredText={t('cancelDialog.required')}
        pending={cancel.isPending}
        error={cancel.error}
        onClose={close}
        onSubmit={(message) => target && cancel.mutate({ interviewId: target.interview.interviewId, message }, { onSuccess: done })}
      />
      <MessageDialog
        key={`complete-${target?.interview.interviewId}`}
        opened={target?.kind === 'complete'}
        title={t('completeDialog.title')}
        label={t('completeDialog.conclusion')}
        submitLabel={t('completeDialog.submit')}
        requiredText={t('completeDialog.required')}
        pending={complete.isPending}
        error={complete.error}
        onClose={close}
        onSubmit={(conclusion) => target && complete.mutate({ interviewId: target.interview.interviewId, conclusion }, { onSuccess: done })}
      />
    </Page>
  );
}

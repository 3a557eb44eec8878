import { Anchor, Button, Card, Center, Divider, Group, Loader, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { useDesktop } from '@/shared/ui/use-desktop';
import { estonianDate } from '@/shared/vacancies/format';

import { useCandidate } from '../api/get-candidate';
import { useJudgeCandidate } from '../api/judge-candidate';
import { useSetCandidateStatus } from '../api/set-candidate-status';
import type { Assessment, CandidateView } from '../api/types';
import { CandidateActions } from '../components/candidate-actions';
import { CandidateBadges, candidateName } from '../components/candidate-badges';
import { Comments } from '../components/comments';
import { CvSummary } from '../components/cv-summary';
import { type ApplicationStatus, candidatesPath, RATINGS, type Rating, VERDICTS, type Verdict } from '../lib/search-params';
import { MOVES } from '../lib/status';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

const NONE = 'NONE';
const ASSESSMENTS: Assessment[] = ['GOOD', 'PARTLY', 'POOR'];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

/** Rating and verdict, saved on each choice; the applicant sees the verdict as match, probable match or no match. */
function Judgement({ view }: { view: CandidateView }) {
  const { t } = useTranslation(NAMESPACE);
  const judge = useJudgeCandidate();
  // four choices do not fit side by side on a phone
  const orientation = useDesktop() ? 'horizontal' : 'vertical';
  const { applicationId, rating, verdict } = view.candidate;
  return (
    <Section title={t('judgement')}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="verdict-label">
          {t('filters.verdict')}
        </Text>
        <SegmentedControl
          aria-labelledby="verdict-label"
          fullWidth
          orientation={orientation}
          data={[...VERDICTS.map((v) => ({ value: v, label: t(`verdict.${v}`) })), { value: NONE, label: t('filters.noVerdict') }]}
          value={verdict ?? NONE}
          disabled={judge.isPending}
          onChange={(value) => judge.mutate({ applicationId, body: { verdict: value === NONE ? null : (value as Verdict) } })}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="rating-label">
          {t('filters.rating')}
        </Text>
        <SegmentedControl
          aria-labelledby="rating-label"
          fullWidth
          orientation={orientation}
          data={RATINGS.map((r) => ({ value: r, label: t(`rating.${r}`) }))}
          value={rating}
          disabled={judge.isPending}
          onChange={(value) => judge.mutate({ applicationId, body: { rating: value as Rating } })}
        />
      </Stack>
      {judge.isError && <Text c="red">{errorText(judge.error)}</Text>}
    </Section>
  );
}

/** The status moves the table allows from the current status; deleting asks first and leads back to the list. */
function StatusMoves({ view }: { view: CandidateView }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const move = useSetCandidateStatus();
  const [confirming, setConfirming] = useState(false);
  const { applicationId, status, vacancyId } = view.candidate;
  const go = (next: ApplicationStatus) =>
    move.mutate(
      { applicationId, status: next },
      {
        onSuccess: () => {
          if (next !== 'DELETED') return;
          notifySuccess(t('statusActions.deleted'));
          navigate(to(candidatesPath(vacancyId)));
        },
      },
    );
  return (
    <Group gap="xs" role="group" aria-label={t('statusActions.label')}>
      <Text size="sm">{t(`status.${status}`)}</Text>
      {MOVES[status].map((next) => (
        <Button
          key={next}
          size="xs"
          variant={next === 'DELETED' ? 'outline' : 'light'}
          color={next === 'DELETED' ? 'red' : undefined}
          loading={move.isPending && move.variables?.status === next}
          onClick={() => (next === 'DELETED' ? setConfirming(true) : go(next))}
        >
          {t(`statusActions.${next}`)}
        </Button>
      ))}
      {move.isError && <Text c="red">{errorText(move.error)}</Text>}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('statusActions.DELETED')} centered>
        <Stack>
          <Text>{t('statusActions.confirmDelete')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('translation:common.cancel')}
            </Button>
            <Button color="red" onClick={() => go('DELETED')} loading={move.isPending}>
              {t('statusActions.DELETED')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** The answers with their questions' weights, each assessed by the employer; the score follows. */
function Answers({ view }: { view: CandidateView }) {
  const { t } = useTranslation(NAMESPACE);
  const judge = useJudgeCandidate();
  const { applicationId, score } = view.candidate;
  return (
    <Section title={t('answers')}>
      <Text size="sm" fw={700}>
        {score == null ? t('noScore') : t('score', { score })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('scoreHelp')}
      </Text>
      {view.answers.length === 0 && <Text c="dimmed">{t('noAnswers')}</Text>}
      {view.answers.map((answer, index) => (
        <Stack key={answer.answerId} gap={4}>
          {index > 0 && <Divider />}
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600} id={`question-${answer.answerId}`}>
              {answer.question}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('weight', { weight: answer.weight })}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {answer.answer}
          </Text>
          <SegmentedControl
            aria-label={`${t('assessment.label')}: ${answer.question}`}
            size="xs"
            data={[...ASSESSMENTS.map((a) => ({ value: a, label: t(`assessment.${a}`) })), { value: NONE, label: t('assessment.none') }]}
            value={answer.assessment ?? NONE}
            disabled={judge.isPending}
            onChange={(value) =>
              judge.mutate({ applicationId, body: { answers: [{ answerId: answer.answerId, assessment: value === NONE ? null : (value as Assessment) }] } })
            }
          />
        </Stack>
      ))}
    </Section>
  );
}

/** `/{lang}/employer/account/my-vacancies/{vacancyId}/candidates/{applicationId}`: one candidate; opening it clears NEW/UPDATED. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const { vacancyId = '', applicationId = '' } = useParams();
  const candidate = useCandidate(applicationId);
  const back = (
    <Anchor component={Link} to={to(candidatesPath(vacancyId))} size="sm">
      ← {t('backToList')}
    </Anchor>
  );
  if (candidate.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  }
  if (candidate.isError) {
    return (
      <Page title={t('title')}>
        {back}
        <Text c="red">{errorText(candidate.error)}</Text>
      </Page>
    );
  }
  const view = candidate.data;
  const item = view.candidate;
  return (
    <Page title={candidateName(item, t('unnamed'))}>
      {back}
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('appliedOn', { date: estonianDate(item.createdAt) })}
        </Text>
        <CandidateBadges candidate={item} />
        <StatusMoves view={view} />
        <CandidateActions candidate={item} name={candidateName(item, t('unnamed'))} />
      </Stack>
      <Judgement view={view} />
      <Section title={t('cv.title')}>
        <CvSummary candidate={item} />
      </Section>
      <Section title={t('coverLetter')}>
        {item.coverLetter ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.coverLetter}
          </Text>
        ) : (
          <Text c="dimmed">{t('noCoverLetter')}</Text>
        )}
      </Section>
      <Answers view={view} />
      <Card withBorder radius="md" padding="md">
        <Comments applicationId={item.applicationId} />
      </Card>
    </Page>
  );
}

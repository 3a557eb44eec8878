import { Alert, Anchor, Button, Card, Container, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import type { Language } from '@/shared/i18n/languages';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { useCreationLink } from '@/shared/session/creation';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { MessagePage } from '@/shared/ui/message-page';
import { notifySuccess } from '@/shared/ui/notify';
import { useDocumentTitle } from '@/shared/ui/page';
import { TextArea } from '@/shared/ui/text-area';
import { estonianDate } from '@/shared/vacancies/format';

import { useApply } from '../api/apply';
import { useApplyForm } from '../api/get-apply-form';
import { useMyCvs } from '../api/get-my-cvs';
import { useApplyVacancy, type VacancyDetail } from '../api/get-vacancy';
import {
  applicationBody,
  type ApplyErrors,
  type ApplyForm,
  type ApplyValues,
  type CvSummary,
  externalApplyLink,
  hasErrors,
  initialCv,
  MAX_ANSWER,
  MAX_COVER_LETTER,
  sendableCvs,
  validateApplication,
  WITHOUT_CV,
} from '../lib/apply-form';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

/** The server's field names and where the screen shows their errors. */
const SERVER_FIELDS = ['cvId', 'coverLetter', 'answers'] as const;

function AlreadyApplied() {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  return (
    <Alert color="blue" title={t('apply.alreadyApplied')} role="alert">
      <Button component={Link} to={to('/account/my-applications')} variant="light" mt="xs">
        {t('apply.toMyApplications')}
      </Button>
    </Alert>
  );
}

/** Follows an employer's own apply page; the button stays for a browser that blocks the move. */
function ExternalApply({ href }: { href: string }) {
  const { t } = useTranslation(NAMESPACE);
  useEffect(() => window.location.assign(href), [href]);
  return (
    <Alert color="blue" title={t('apply.external')}>
      <Button component="a" href={href} rel="noopener" mt="xs">
        {t('apply.externalButton')}
      </Button>
    </Alert>
  );
}

function CvChoice({ cvs, form, value, error, disabled, onChange }: { cvs: CvSummary[]; form: ApplyForm; value: string | null; error?: string; disabled: boolean; onChange: (cv: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const creationLink = useCreationLink();
  const sendable = sendableCvs(cvs);
  return (
    <Stack gap="xs">
      {sendable.length === 0 && (
        <Alert color={form.cvNotRequired ? 'gray' : 'yellow'}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{form.cvNotRequired ? t('apply.noCvOptional') : t('apply.noCv')}</Text>
            <Button component={Link} {...creationLink('cv')} size="xs" variant="light">
              {t('apply.createCv')}
            </Button>
          </Stack>
        </Alert>
      )}
      {(sendable.length > 0 || form.cvNotRequired) && (
        <Radio.Group label={t('apply.cv')} value={value} onChange={onChange} error={error} withAsterisk={!form.cvNotRequired}>
          <Stack gap="xs" mt="xs">
            {sendable.map((cv) => (
              <Radio
                key={cv.cvId}
                value={cv.cvId}
                disabled={disabled}
                label={cv.title?.trim() || t('apply.untitledCv')}
                description={t('apply.updated', { date: estonianDate(cv.updatedAt) })}
              />
            ))}
            {form.cvNotRequired && <Radio value={WITHOUT_CV} disabled={disabled} label={t('apply.withoutCv')} />}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

function ApplyScreen({ vacancy, form, cvs, language }: { vacancy: VacancyDetail; form: ApplyForm; cvs: CvSummary[]; language: Language }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const apply = useApply();
  const [values, setValues] = useState<ApplyValues>(() => ({ cv: initialCv(cvs, form.cvNotRequired), coverLetter: '', answers: {} }));
  const [errors, setErrors] = useState<ApplyErrors>({});
  const [serverError, setServerError] = useState<{ field?: (typeof SERVER_FIELDS)[number]; message: string } | null>(null);
  const [alreadyApplied, setAlreadyApplied] = useState(!vacancy.canApply);
  const title = vacancy.occupation.labels[language] || vacancy.occupation.labels.et;
  const sending = apply.isPending;
  const lengthError = (max: number) => t('apply.tooLong', { max });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = validateApplication(values, form);
    setErrors(found);
    setServerError(null);
    if (hasErrors(found)) return;
    apply.mutate(applicationBody(vacancy.vacancyId, values, form), {
      onSuccess: () => {
        notifySuccess(t('apply.sent'));
        void navigate(to('/account/my-applications'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'already_applied') return setAlreadyApplied(true);
        const field = error instanceof ApiError ? SERVER_FIELDS.find((name) => name === error.field) : undefined;
        setServerError({ field, message: errorText(error) });
      },
    });
  }

  const fieldError = (field: (typeof SERVER_FIELDS)[number]) => (serverError?.field === field ? serverError.message : undefined);
  const coverLength = [...values.coverLetter.trim()].length;

  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('apply.title')}</Title>
          <Anchor component={Link} to={to(`/vacancies/${vacancy.vacancyId}`)} fw={700} fz="lg">
            {title}
          </Anchor>
          <Text c="dimmed">{vacancy.company.businessName}</Text>
        </Stack>
        {alreadyApplied ? (
          <AlreadyApplied />
        ) : (
          <Card withBorder padding="lg">
            <form onSubmit={submit} noValidate aria-label={t('apply.title')}>
              <Stack gap="lg">
                <CvChoice
                  cvs={cvs}
                  form={form}
                  value={values.cv}
                  disabled={sending}
                  error={errors.cv ? t('apply.cvRequired') : fieldError('cvId')}
                  onChange={(cv) => setValues((current) => ({ ...current, cv }))}
                />
                {form.questions.length > 0 && (
                  <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                    <Title order={2} size="h4" component="legend" p={0}>
                      {t('apply.questions')}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t('apply.questionsHint')}
                    </Text>
                    {form.questions.map((question) => {
                      const problem = errors.answers?.[question.questionId];
                      return (
                        <TextArea
                          key={question.questionId}
                          label={question.question}
                          required
                          minRows={2}
                          maxRows={8}
                          disabled={sending}
                          value={values.answers[question.questionId] ?? ''}
                          onChange={(event) => {
                            const answer = event.currentTarget.value;
                            setValues((current) => ({ ...current, answers: { ...current.answers, [question.questionId]: answer } }));
                          }}
                          error={problem === 'required' ? t('apply.answerRequired') : problem === 'tooLong' ? lengthError(MAX_ANSWER) : undefined}
                        />
                      );
                    })}
                    {fieldError('answers') && (
                      <Text c="red" size="sm" role="alert">
                        {fieldError('answers')}
                      </Text>
                    )}
                  </Stack>
                )}
                <TextArea
                  label={t('apply.coverLetter')}
                  description={t('apply.coverLetterHint', { count: coverLength, max: MAX_COVER_LETTER })}
                  minRows={4}
                  maxRows={14}
                  disabled={sending}
                  value={values.coverLetter}
                  onChange={(event) => {
                    const coverLetter = event.currentTarget.value;
                    setValues((current) => ({ ...current, coverLetter }));
                  }}
                  error={errors.coverLetter ? lengthError(MAX_COVER_LETTER) : fieldError('coverLetter')}
                />
                {serverError && !serverError.field && (
                  <Alert color="red" role="alert">
                    {serverError.message}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button component={Link} to={to(`/vacancies/${vacancy.vacancyId}`)} variant="default" disabled={sending} onClick={(event) => sending && event.preventDefault()}>
                    {t('apply.cancel')}
                  </Button>
                  <Button type="submit" loading={sending} disabled={sending}>
                    {t('apply.send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

/** `/account/vacancies/:vacancyId/apply` (spec 1 sections 2 and 4). */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const { vacancyId = '' } = useParams();
  const language = useLanguage();
  const vacancy = useApplyVacancy(vacancyId, language);
  const form = useApplyForm(vacancyId);
  const cvs = useMyCvs();
  useDocumentTitle(t('apply.title'));
  if (vacancy.isPending || form.isPending || cvs.isPending) return <FullScreenLoader />;
  if (vacancy.isError || form.isError) {
    // a finished vacancy still has its page but no apply form
    const text = vacancy.isError ? t('translation:vacancy.notFound') : t('apply.closed');
    return <MessagePage title={vacancy.isError ? t('translation:notFound.title') : t('apply.title')} text={text} />;
  }
  if (cvs.isError) return <MessagePage title={t('apply.title')} text={errorText(cvs.error)} />;
  const external = externalApplyLink(form.data.applyLink);
  if (external) {
    return (
      <Container size="sm" py="xl" w="100%">
        <ExternalApply href={external} />
      </Container>
    );
  }
  return <ApplyScreen key={vacancyId} vacancy={vacancy.data} form={form.data} cvs={cvs.data} language={language} />;
}

import { Anchor, Button, Card, Container, Divider, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Language } from '@/shared/i18n/languages';
import { useLocalizedPath } from '@/shared/i18n/use-language';

import type { ApplicationDetail } from '../api/get-application-by-link';
import { NAMESPACE } from '../texts';
import { ApplicationBadges, SentOn } from './application-badges';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One application in full: the vacancy, when it was sent, its state, the CV, the cover letter and the answers; `children` below them (the chat of the application). */
export function ApplicationView({ application, language, children }: { application: ApplicationDetail; language: Language; children?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const title = application.vacancy.occupation[language] || application.vacancy.occupation.et;
  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('link.title')}</Title>
          <Anchor component={Link} to={to(`/vacancies/${application.vacancy.vacancyId}`)} fw={700} fz="lg">
            {title}
          </Anchor>
          <Text c="dimmed">{application.vacancy.businessName}</Text>
          <SentOn application={application} />
          <ApplicationBadges application={application} />
        </Stack>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Section title={t('link.cv')}>
              <Text>{application.cv ? application.cv.title?.trim() || t('apply.untitledCv') : t('link.noCv')}</Text>
            </Section>
            <Divider />
            <Section title={t('link.coverLetter')}>
              <Text style={{ whiteSpace: 'pre-wrap' }} c={application.coverLetter ? undefined : 'dimmed'}>
                {application.coverLetter || t('link.noCoverLetter')}
              </Text>
            </Section>
            {application.answers.length > 0 && (
              <>
                <Divider />
                <Section title={t('link.answers')}>
                  <Stack gap="sm" component="dl" m={0}>
                    {application.answers.map((answer, index) => (
                      <div key={index}>
                        <Text component="dt" fw={600}>
                          {answer.question}
                        </Text>
                        <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                          {answer.answer}
                        </Text>
                      </div>
                    ))}
                  </Stack>
                </Section>
              </>
            )}
          </Stack>
        </Card>
        {children}
        <Button component={Link} to={to('/account/my-applications')} variant="light" style={{ alignSelf: 'flex-start' }}>
          {t('apply.toMyApplications')}
        </Button>
      </Stack>
    </Container>
  );
}

import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { type MyReport, useMyReports } from '../api/get-my-reports';
import { NAMESPACE, texts } from '../texts';

export const loader = () => ensureNamespace(NAMESPACE, texts);

const OUTCOME_COLOR: Record<MyReport['outcome'], string> = {
  OPEN: 'gray',
  APPROVED: 'blue',
  REJECTED: 'green',
  TAKEN_DOWN: 'green',
  DISMISSED: 'gray',
};

/** `/my-reports`: the ads the signed-in user reported, and what was decided. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const to = useLocalizedPath();
  const reports = useMyReports(language);
  return (
    <Page title={t('mine.title')}>
      <Text c="dimmed">{t('mine.intro')}</Text>
      {reports.isPending && <Loader aria-label={t('queue.loading')} />}
      {reports.isError && (
        <Alert color="red" role="alert">
          {errorText(reports.error)}
        </Alert>
      )}
      {reports.isSuccess && reports.data.length === 0 && <Text>{t('mine.empty')}</Text>}
      <Stack gap="sm">
        {reports.data?.map((report) => (
          <Card key={report.id} withBorder padding="md" component="article" aria-label={report.title ?? t('untitled')}>
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Anchor component={Link} to={to(`/vacancies/${report.vacancyId}`)} fw={700}>
                  {report.title ?? t('untitled')}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {report.companyName} · {t(`reasons.${report.reason}`)} · {estonianDate(report.createdAt)}
                </Text>
              </Stack>
              <Badge color={OUTCOME_COLOR[report.outcome]} variant="light" style={{ textTransform: 'none' }}>
                {t(`mine.outcomes.${report.outcome}`)}
              </Badge>
            </Group>
          </Card>
        ))}
      </Stack>
    </Page>
  );
}

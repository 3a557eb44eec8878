import '@mantine/charts/styles.css';

import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ensureNamespace } from '@/shared/i18n';
import { useLanguage } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { type Dashboard, useAdminDashboard } from '../api/get-dashboard';
import { ListStatus } from '../components/list-status';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={28} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** `dd.MM` of a `YYYY-MM-DD` day, as the chart's axis shows it. */
export function dayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}.${month}`;
}

function PublishedChart({ board }: { board: Dashboard }) {
  const { t } = useTranslation('admin');
  const data = board.publishedPerDay.map((day) => ({ day: dayLabel(day.day), [t('dashboard.chartLabel')]: day.count }));
  const total = board.publishedPerDay.reduce((sum, day) => sum + day.count, 0);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-chart-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dashboard-chart-title">
          {t('dashboard.chartTitle')}
        </Title>
        <BarChart
          h={220}
          data={data}
          dataKey="day"
          series={[{ name: t('dashboard.chartLabel'), color: 'blue.6' }]}
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ allowDecimals: false, width: 32 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
          // hidden from readers (the total below says it in words): no keyboard stop inside it either
          accessibilityLayer={false}
          aria-hidden
        />
        <Text size="sm" c="dimmed">
          {t('dashboard.chartLabel')}: {total}
        </Text>
      </Stack>
    </Card>
  );
}

/** `/admin`: the back office's figures of today and this month, and the last 30 days' publications. */
export function Component() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const dashboard = useAdminDashboard();
  const board = dashboard.data;
  return (
    <Page title={t('dashboard.title')} size="lg">
      {board ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('dashboard.today', { date: estonianDate(board.today) })}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Figure label={t('dashboard.vacanciesLive')} value={String(board.vacanciesLive)} />
            <Figure label={t('dashboard.publishedToday')} value={String(board.publishedToday)} />
            <Figure label={t('dashboard.applicationsToday')} value={String(board.applicationsToday)} />
            <Figure label={t('dashboard.revenuePaid')} value={formatEuros(board.revenuePaidCents, language)} hint={t('dashboard.revenueHint')} />
            <Figure label={t('dashboard.revenueUnpaid')} value={formatEuros(board.revenueUnpaidCents, language)} hint={t('dashboard.revenueHint')} />
            <Figure label={t('dashboard.cvDatabase')} value={String(board.cvDatabaseSize)} />
          </SimpleGrid>
          <PublishedChart board={board} />
        </Stack>
      ) : (
        <ListStatus query={dashboard} />
      )}
    </Page>
  );
}

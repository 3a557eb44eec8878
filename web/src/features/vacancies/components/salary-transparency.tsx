import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { Language } from '@/shared/i18n/languages';
import type { SalaryStats } from '@/shared/vacancies/api';
import { formatAmount } from '@/shared/vacancies/format';
import { usePayRangeShare, useSalaryStats } from '@/shared/vacancies/salary-stats';

type Bucket = SalaryStats['histogram'][number];

/** Statistics are shown to the euro, amounts under 100 € (hourly pay) to the cent. */
function money(euros: number, language: Language): string {
  return formatAmount(euros >= 100 ? Math.round(euros) : Math.round(euros * 100) / 100, language);
}

function usePeriodName() {
  const { t } = useTranslation();
  return (stats: SalaryStats) =>
    stats.period
      ? t(`search.salaryStats.periods.${stats.period.periodType}`, { defaultValue: stats.period.label })
      : t('search.salaryStats.periods.none');
}

function bucketRange(bucket: Bucket, language: Language, t: ReturnType<typeof useTranslation>['t']): string {
  if (bucket.from == null && bucket.to != null) return t('search.salaryStats.below', { amount: money(bucket.to, language) });
  if (bucket.to == null && bucket.from != null) return t('search.salaryStats.above', { amount: money(bucket.from, language) });
  return t('search.salaryStats.between', { from: money(bucket.from ?? 0, language), to: money(bucket.to ?? 0, language) });
}

/** The bars of one period's histogram, each as tall as its share of the fullest bar. */
function Histogram({ stats, name, language }: { stats: SalaryStats; name: string; language: Language }) {
  const { t } = useTranslation();
  const buckets = stats.histogram;
  const fullest = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (!first || !last) return null;
  return (
    <Stack gap={2}>
      <Box role="list" aria-label={t('search.salaryStats.histogram', { period: name })} style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 48 }}>
        {buckets.map((bucket, index) => {
          const label = t('search.salaryStats.bar', { range: bucketRange(bucket, language, t), count: bucket.count });
          return (
            <Tooltip key={index} label={label} withinPortal events={{ hover: true, focus: true, touch: true }}>
              <Box
                role="listitem"
                aria-label={label}
                tabIndex={0}
                bg="blue.6"
                style={{
                  flex: 1,
                  minWidth: 0,
                  height: `${bucket.count ? Math.max(4, (bucket.count / fullest) * 100) : 0}%`,
                  borderRadius: '2px 2px 0 0',
                  outlineOffset: 2,
                }}
              />
            </Tooltip>
          );
        })}
      </Box>
      <Box style={{ borderTop: '1px solid var(--mantine-color-gray-4)' }} />
      <Group justify="space-between" gap="xs" wrap="nowrap" aria-hidden>
        <Text fz="xs" c="dimmed">
          {first.from == null ? bucketRange({ ...first, from: null }, language, t) : money(first.from, language)}
        </Text>
        <Text fz="xs" c="dimmed" ta="right">
          {last.to == null ? bucketRange({ ...last, to: null }, language, t) : money(last.to, language)}
        </Text>
      </Group>
    </Stack>
  );
}

function PeriodStats({ stats, language, withHistogram }: { stats: SalaryStats; language: Language; withHistogram: boolean }) {
  const { t } = useTranslation();
  const name = usePeriodName()(stats);
  return (
    <Stack gap={6} component="section" aria-label={name}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
        <Text fw={600} fz="sm">
          {name}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('search.salaryStats.count', { count: stats.count })}
        </Text>
      </Group>
      <Text fz="sm">
        {t('search.salaryStats.summary', { median: money(stats.median, language), from: money(stats.p25, language), to: money(stats.p75, language) })}
      </Text>
      {withHistogram && (
        <>
          <Histogram stats={stats} name={name} language={language} />
          <Text fz="xs" c="dimmed">
            {t('search.salaryStats.range', { min: money(stats.min, language), max: money(stats.max, language), avg: money(stats.avg, language) })}
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * Salary transparency (issue 20): what the vacancies of the current search pay, per pay period
 * (an hourly and a monthly salary are never put together): the median, the middle half, a
 * histogram and the extremes. With `collapsed`, the summary lines only until the distribution is
 * opened (the narrow layout). Above the cards, the periods side by side where there is room.
 */
export function SalaryTransparencyView({
  stats,
  language,
  collapsed = false,
  share = null,
}: {
  stats: SalaryStats[];
  language: Language;
  collapsed?: boolean;
  /** How many of the search's ads state their pay, of how many (issue 35, pay transparency). */
  share?: { stated: number; total: number } | null;
}) {
  const { t } = useTranslation();
  const [open, { toggle }] = useDisclosure(false);
  const titleId = useId();
  const detailsId = useId();
  if (!stats.length) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h5" id={titleId}>
            {t('search.salaryStats.title')}
          </Title>
          <Text fz="xs" c="dimmed">
            {t('search.salaryStats.lead')}
          </Text>
          {share && share.total > 0 && (
            <Text fz="sm">
              {t('search.salaryStats.share', {
                percent: new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(share.stated / share.total),
              })}
            </Text>
          )}
        </Stack>
        <SimpleGrid id={detailsId} cols={{ base: 1, sm: Math.min(stats.length, 2) }} spacing="lg" verticalSpacing="md">
          {stats.map((period, index) => (
            <PeriodStats key={index} stats={period} language={language} withHistogram={!collapsed || open} />
          ))}
        </SimpleGrid>
        {collapsed && (
          <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={open} aria-controls={detailsId} style={{ alignSelf: 'flex-start' }}>
            {open ? t('search.salaryStats.hide') : t('search.salaryStats.show')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** [`SalaryTransparencyView`] of the current search. */
export function SalaryTransparency({ language, collapsed }: { language: Language; collapsed?: boolean }) {
  const stats = useSalaryStats();
  const share = usePayRangeShare();
  return <SalaryTransparencyView stats={stats} language={language} collapsed={collapsed} share={share} />;
}

import { Anchor, Badge, Box, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import { useLocalizedPath } from '@/shared/i18n/use-language';
import { deltaToHtml } from '@/shared/lib/delta';
import { estonianDate } from '@/shared/vacancies/format';

import type { QueueItem } from '../api/get-queue';
import { NAMESPACE } from '../texts';

export type Decision = 'approve' | 'reject' | 'takeDown' | 'dismiss';

/**
 * The decisions an ad in this state allows (the server's rules): one waiting is approved or
 * rejected; one live and not yet reviewed (published at once, or from before moderation) is
 * approved, rejected or taken down; an approved one is taken down; a rejected or taken-down one
 * is decided already. Reports can always be dismissed.
 */
export function decisionsFor(item: QueueItem): Decision[] {
  const byStatus: Record<QueueItem['reviewStatus'], Decision[]> = {
    PENDING: ['approve', 'reject'],
    UNREVIEWED: ['approve', 'reject', 'takeDown'],
    NONE: ['approve', 'reject', 'takeDown'],
    APPROVED: ['approve', 'takeDown'],
    REJECTED: [],
    TAKEN_DOWN: [],
  };
  const decisions = [...byStatus[item.reviewStatus]];
  if (item.reports.length > 0) decisions.push('dismiss');
  return decisions;
}

/** One ad of the queue: the ad as shown, its reports, its company's history and its signals, and the decisions. */
export function QueueCard({
  item,
  onDecide,
  busy,
  linkToView = true,
}: {
  item: QueueItem;
  onDecide: (decision: Decision) => void;
  busy: boolean;
  /** Links to the ad's admin view (not on that view itself). */
  linkToView?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  const title = item.title ?? t('untitled');
  const company = item.company;
  const headingId = `moderation-item-${item.vacancyId}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {company.businessName}
            </Text>
          </Stack>
          <Badge color={item.waiting ? 'orange' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
            {t(`status.${item.reviewStatus}`)}
          </Badge>
        </Group>
        {item.teaser && <Text fw={600}>{item.teaser}</Text>}
        {item.content && (
          <Box
            fz="sm"
            // sanitized on save (the server's rich-text rules), built from escaped text here
            dangerouslySetInnerHTML={{ __html: deltaToHtml(item.content) }}
          />
        )}
        <Group gap="md">
          {linkToView && (
            <Anchor component={Link} to={to(`/admin/moderation/vacancies/${item.vacancyId}`)} size="sm" aria-label={`${t('view.adminView')}: ${title}`}>
              {t('view.adminView')}
            </Anchor>
          )}
          {!item.waiting && item.reviewStatus !== 'REJECTED' && item.reviewStatus !== 'TAKEN_DOWN' && (
            <Anchor component={Link} to={to(`/vacancies/${item.vacancyId}`)} size="sm">
              {t('openAd')}
            </Anchor>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Stack gap={4}>
            <Title order={3} size="h6">
              {t('reports.title', { count: item.reports.length })}
            </Title>
            {item.reports.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('reports.none')}
              </Text>
            ) : (
              <List size="sm" spacing={4}>
                {item.reports.map((report) => (
                  <List.Item key={report.id}>
                    <Text size="sm" fw={600} span>
                      {t(`reasons.${report.reason}`)}
                    </Text>
                    {report.text && (
                      <Text size="sm" span>
                        {' — '}
                        {report.text}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {estonianDate(report.createdAt)} · {report.signedIn ? t('reports.account') : t('reports.visitor')}
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
          <Stack gap={4}>
            <Title order={3} size="h6">
              {t('history.title')}
            </Title>
            <List size="sm" spacing={2}>
              <List.Item>{t('history.published', { count: company.adsPublished })}</List.Item>
              <List.Item>{t('history.rejected', { count: company.adsRejected })}</List.Item>
              <List.Item>{t('history.reports', { count: company.reports })}</List.Item>
              <List.Item>{company.hasContract ? t('history.contract') : t('history.noContract')}</List.Item>
              <List.Item>{t('history.since', { date: estonianDate(company.createdAt) })}</List.Item>
            </List>
          </Stack>
          <Stack gap={4}>
            <Title order={3} size="h6">
              {t('signals.title')}
            </Title>
            {item.signals.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('signals.none')}
              </Text>
            ) : (
              <List size="sm" spacing={4}>
                {item.signals.map((signal) => (
                  <List.Item key={signal.kind}>
                    <Text size="sm" fw={600} span>
                      {t(`signals.kinds.${signal.kind}`)}
                    </Text>
                    {signal.strong && (
                      <Badge color="red" variant="light" ml="xs" size="sm" style={{ textTransform: 'none' }}>
                        {t('signals.strong')}
                      </Badge>
                    )}
                    {signal.found.length > 0 && <Text size="xs">{signal.found.join(', ')}</Text>}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </SimpleGrid>
        <Group gap="sm">
          {decisionsFor(item).map((decision) => (
            <Button
              key={decision}
              variant={decision === 'approve' ? 'filled' : decision === 'dismiss' ? 'default' : 'light'}
              color={decision === 'approve' ? 'green' : decision === 'dismiss' ? 'gray' : 'red'}
              disabled={busy}
              onClick={() => onDecide(decision)}
              aria-label={`${t(`decide.${decision}.button`)}: ${title}`}
            >
              {t(`decide.${decision}.button`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

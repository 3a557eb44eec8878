import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';

import { useModerationQueue } from '../api/get-queue';
import { useDecisions } from '../components/decisions';
import { QueueCard } from '../components/queue-card';
import { RefundsDue } from '../components/refunds-due';
import { RulesForm } from '../components/rules-form';
import { NAMESPACE, texts } from '../texts';

export const loader = () => ensureNamespace(NAMESPACE, texts);

/** `/admin/moderation`: the queue of ads to review, the rules of which ads wait, and the refunds due. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const queue = useModerationQueue();
  const { decide, busy, dialog, error } = useDecisions();
  const items = queue.data ?? [];
  return (
    <Page title={t('title')} size="lg">
      <Text c="dimmed">{t('intro')}</Text>
      <RulesForm />
      <Stack gap="md" component="section" aria-labelledby="moderation-queue-title">
        <Title order={2} size="h3" id="moderation-queue-title">
          {t('queue.title', { count: items.length })}
        </Title>
        {queue.isPending && <Loader aria-label={t('queue.loading')} />}
        {queue.isError && (
          <Alert color="red" role="alert">
            {errorText(queue.error)}
          </Alert>
        )}
        {queue.isSuccess && items.length === 0 && <Text c="dimmed">{t('queue.empty')}</Text>}
        {items.map((item) => (
          <QueueCard key={item.vacancyId} item={item} busy={busy} onDecide={(decision) => decide(item, decision)} />
        ))}
        {error}
      </Stack>
      <RefundsDue />
      {dialog}
    </Page>
  );
}

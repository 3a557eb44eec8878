import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

import { useApproveAd } from '../api/approve';
import { useDismissReports } from '../api/dismiss-reports';
import { type QueueItem, useModerationQueue } from '../api/get-queue';
import { useRejectAd } from '../api/reject';
import { useTakeDownAd } from '../api/take-down';
import { type Decision, QueueCard } from '../components/queue-card';
import { ReasonDialog } from '../components/reason-dialog';
import { RulesForm } from '../components/rules-form';
import { NAMESPACE, texts } from '../texts';

export const loader = () => ensureNamespace(NAMESPACE, texts);

/** `/admin/moderation`: the queue of ads to review and the rules of which ads wait. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const queue = useModerationQueue();
  const approve = useApproveAd();
  const dismiss = useDismissReports();
  const reject = useRejectAd();
  const takeDown = useTakeDownAd();
  const [asking, setAsking] = useState<{ item: QueueItem; decision: 'reject' | 'takeDown' } | null>(null);
  const busy = approve.isPending || dismiss.isPending || reject.isPending || takeDown.isPending;
  const title = (item: QueueItem) => item.title ?? t('untitled');
  const decide = (item: QueueItem, decision: Decision) => {
    if (decision === 'approve') approve.mutate(item.vacancyId, { onSuccess: () => notifySuccess(t('done.approve', { title: title(item) })) });
    else if (decision === 'dismiss') dismiss.mutate(item.vacancyId, { onSuccess: () => notifySuccess(t('done.dismiss', { title: title(item) })) });
    else {
      reject.reset();
      takeDown.reset();
      setAsking({ item, decision });
    }
  };
  const withReason = (reason: string) => {
    if (!asking) return;
    const { item, decision } = asking;
    const mutation = decision === 'reject' ? reject : takeDown;
    mutation.mutate(
      { id: item.vacancyId, reason },
      {
        onSuccess: () => {
          notifySuccess(t(`done.${decision}`, { title: title(item) }));
          setAsking(null);
        },
      },
    );
  };
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
        {(approve.isError || dismiss.isError) && (
          <Alert color="red" role="alert">
            {errorText((approve.error ?? dismiss.error) as Error)}
          </Alert>
        )}
      </Stack>
      <ReasonDialog
        key={asking ? `${asking.item.vacancyId}-${asking.decision}` : 'closed'}
        decision={asking?.decision ?? null}
        title={asking ? title(asking.item) : ''}
        pending={reject.isPending || takeDown.isPending}
        error={(asking?.decision === 'reject' ? reject.error : takeDown.error) ?? null}
        onSubmit={withReason}
        onClose={() => setAsking(null)}
      />
    </Page>
  );
}

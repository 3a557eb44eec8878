import { Alert } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { notifySuccess } from '@/shared/ui/notify';

import { useApproveAd } from '../api/approve';
import { useDismissReports } from '../api/dismiss-reports';
import type { QueueItem } from '../api/get-queue';
import { useRejectAd } from '../api/reject';
import { useTakeDownAd } from '../api/take-down';
import { NAMESPACE } from '../texts';
import type { Decision } from './queue-card';
import { type ReasonDecision, ReasonDialog } from './reason-dialog';

/**
 * The administrators' decisions on an ad, as the queue and an ad's admin view make them: approve
 * and dismiss at once, reject and take down after asking the reason (a rejection of an ad that
 * does not wait, which may have been live, says what that does). `dialog` and `error` are to be
 * rendered by the screen.
 */
export function useDecisions(): { decide: (item: QueueItem, decision: Decision) => void; busy: boolean; dialog: ReactNode; error: ReactNode } {
  const { t } = useTranslation(NAMESPACE);
  const approve = useApproveAd();
  const dismiss = useDismissReports();
  const reject = useRejectAd();
  const takeDown = useTakeDownAd();
  const [asking, setAsking] = useState<{ item: QueueItem; decision: ReasonDecision } | null>(null);
  const busy = approve.isPending || dismiss.isPending || reject.isPending || takeDown.isPending;
  const title = (item: QueueItem) => item.title ?? t('untitled');
  const decide = (item: QueueItem, decision: Decision) => {
    if (decision === 'approve') approve.mutate(item.vacancyId, { onSuccess: () => notifySuccess(t('done.approve', { title: title(item) })) });
    else if (decision === 'dismiss') dismiss.mutate(item.vacancyId, { onSuccess: () => notifySuccess(t('done.dismiss', { title: title(item) })) });
    else {
      reject.reset();
      takeDown.reset();
      setAsking({ item, decision: decision === 'reject' && !item.waiting ? 'rejectLive' : decision });
    }
  };
  const withReason = (reason: string) => {
    if (!asking) return;
    const { item, decision } = asking;
    const mutation = decision === 'takeDown' ? takeDown : reject;
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
  const dialog = (
    <ReasonDialog
      key={asking ? `${asking.item.vacancyId}-${asking.decision}` : 'closed'}
      decision={asking?.decision ?? null}
      title={asking ? title(asking.item) : ''}
      pending={reject.isPending || takeDown.isPending}
      error={(asking?.decision === 'takeDown' ? takeDown.error : reject.error) ?? null}
      onSubmit={withReason}
      onClose={() => setAsking(null)}
    />
  );
  const failed = approve.error ?? dismiss.error;
  const error = failed ? (
    <Alert color="red" role="alert">
      {errorText(failed as Error)}
    </Alert>
  ) : null;
  return { decide, busy, dialog, error };
}

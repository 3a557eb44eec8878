import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';
import { estonianDate } from '@/shared/vacancies/format';

import { useApproveCompanyClaim } from '../api/approve-company-claim';
import { type CompanyClaim, useCompanyClaims } from '../api/get-company-claims';
import { useRejectCompanyClaim } from '../api/reject-company-claim';
import { ResponsiveList, TwoLines } from './responsive-list';

const MAX_REASON = 500;

function claimantName(claim: CompanyClaim): string {
  return [claim.firstname, claim.lastname].filter(Boolean).join(' ');
}

function ClaimActions({ claim, onReject }: { claim: CompanyClaim; onReject: (claim: CompanyClaim) => void }) {
  const { t } = useTranslation('admin');
  const approve = useApproveCompanyClaim();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          aria-label={`${t('claims.approve')}: ${claim.businessName}, ${claim.username}`}
          loading={approve.isPending}
          // the row leaves the list once approved, before a mutate-level onSuccess would run: the
          // promise still settles after it unmounts; a failure shows below (approve.isError)
          onClick={() => approve.mutateAsync(claim.id).then(() => notifySuccess(t('claims.approved')), () => undefined)}
        >
          {t('claims.approve')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={`${t('claims.reject')}: ${claim.businessName}, ${claim.username}`}
          disabled={approve.isPending}
          onClick={() => onReject(claim)}
        >
          {t('claims.reject')}
        </Button>
      </Group>
      {approve.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(approve.error)}
        </Text>
      )}
    </Stack>
  );
}

function RejectDialog({ claim, onClose }: { claim: CompanyClaim | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const reject = useRejectCompanyClaim();
  const close = () => {
    setReason('');
    reject.reset();
    onClose();
  };
  return (
    <Modal opened={claim !== null} onClose={close} title={t('claims.rejectTitle')}>
      {claim && (
        <Stack gap="md">
          <Text>
            {claim.businessName} — {claim.username}
          </Text>
          <TextArea
            label={t('claims.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={MAX_REASON}
            minRows={3}
            error={reject.isError ? errorText(reject.error) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('claims.cancel')}
            </Button>
            <Button
              color="red"
              loading={reject.isPending}
              onClick={() =>
                reject.mutate(
                  { id: claim.id, reason },
                  {
                    onSuccess: () => {
                      notifySuccess(t('claims.rejected'));
                      close();
                    },
                  },
                )
              }
            >
              {t('claims.reject')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The claims on companies that wait for an administrator (or the company's supervisor): approve or reject. */
export function CompanyClaims() {
  const { t } = useTranslation('admin');
  const claims = useCompanyClaims();
  const [rejecting, setRejecting] = useState<CompanyClaim | null>(null);
  const rows = claims.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('claims.title')}
      </Title>
      <ResponsiveList
        rows={rows}
        rowKey={(claim) => claim.id}
        columns={[
          {
            header: t('claims.company'),
            cell: (claim) => <TwoLines main={claim.businessName} note={claim.registryCode} />,
          },
          {
            header: t('claims.claimant'),
            cell: (claim) => (
              <>
                {claimantName(claim) && <Text>{claimantName(claim)}</Text>}
                <Text size="sm">{claim.username}</Text>
              </>
            ),
            wide: true,
          },
          {
            header: t('claims.register'),
            cell: (claim) =>
              claim.registerEmail || claim.registerWebsite ? (
                <Stack gap={0}>
                  {claim.registerEmail && <Text size="sm">{claim.registerEmail}</Text>}
                  {claim.registerWebsite && <Text size="sm">{claim.registerWebsite}</Text>}
                </Stack>
              ) : (
                <Text c="dimmed">—</Text>
              ),
            wide: true,
          },
          { header: t('claims.supervisor'), cell: (claim) => claim.supervisor ?? <Text c="dimmed">—</Text>, wide: true },
          { header: t('claims.requested'), cell: (claim) => estonianDate(claim.createdAt) },
        ]}
        actions={{ header: t('companies.actions'), cell: (claim) => <ClaimActions claim={claim} onReject={setRejecting} /> }}
        cardLabel={(claim) => `${claim.businessName}, ${claim.username}`}
        label={t('claims.title')}
        minWidth={880}
        query={claims}
        empty={t('claims.empty')}
      />
      <RejectDialog claim={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

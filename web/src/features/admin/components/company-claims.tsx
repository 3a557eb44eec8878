import { Button, Card, Group, Loader, Modal, ScrollArea, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { notifySuccess } from '@/shared/ui/notify';
import { estonianDate } from '@/shared/vacancies/format';

import { useApproveCompanyClaim } from '../api/approve-company-claim';
import { type CompanyClaim, useCompanyClaims } from '../api/get-company-claims';
import { useRejectCompanyClaim } from '../api/reject-company-claim';

const MAX_REASON = 500;

function ClaimRow({ claim, onReject }: { claim: CompanyClaim; onReject: (claim: CompanyClaim) => void }) {
  const { t } = useTranslation('admin');
  const approve = useApproveCompanyClaim();
  const name = [claim.firstname, claim.lastname].filter(Boolean).join(' ');
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{claim.businessName}</Text>
        <Text size="xs" c="dimmed">
          {claim.registryCode}
        </Text>
      </Table.Td>
      <Table.Td>
        {name && <Text>{name}</Text>}
        <Text size="sm">{claim.username}</Text>
      </Table.Td>
      <Table.Td>
        {claim.registerEmail || claim.registerWebsite ? (
          <Stack gap={0}>
            {claim.registerEmail && <Text size="sm">{claim.registerEmail}</Text>}
            {claim.registerWebsite && <Text size="sm">{claim.registerWebsite}</Text>}
          </Stack>
        ) : (
          <Text c="dimmed">—</Text>
        )}
      </Table.Td>
      <Table.Td>{claim.supervisor ?? <Text c="dimmed">—</Text>}</Table.Td>
      <Table.Td>{estonianDate(claim.createdAt)}</Table.Td>
      <Table.Td>
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
      </Table.Td>
    </Table.Tr>
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
          <Textarea
            label={t('claims.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={MAX_REASON}
            autosize
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
      <Card withBorder padding={0}>
        {rows.length > 0 && (
          <ScrollArea type="auto">
            <Table verticalSpacing="sm" miw={880} aria-label={t('claims.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('claims.company')}</Table.Th>
                  <Table.Th>{t('claims.claimant')}</Table.Th>
                  <Table.Th>{t('claims.register')}</Table.Th>
                  <Table.Th>{t('claims.supervisor')}</Table.Th>
                  <Table.Th>{t('claims.requested')}</Table.Th>
                  <Table.Th>{t('companies.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((claim) => (
                  <ClaimRow key={claim.id} claim={claim} onReject={setRejecting} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {claims.isSuccess && rows.length === 0 && (
          <Text c="dimmed" p="md">
            {t('claims.empty')}
          </Text>
        )}
        {claims.isError && (
          <Text c="red" p="md" role="alert">
            {errorText(claims.error)}
          </Text>
        )}
        {claims.isPending && (
          <Group justify="center" p="md">
            <Loader />
          </Group>
        )}
      </Card>
      <RejectDialog claim={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

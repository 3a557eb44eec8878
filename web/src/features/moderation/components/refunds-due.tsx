import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { formatEuros } from '@/shared/lib/money';
import { notifySuccess } from '@/shared/ui/notify';
import { estonianDate } from '@/shared/vacancies/format';

import { useRefundsDue } from '../api/get-refunds';
import { useRefundMade } from '../api/refund-made';
import { NAMESPACE } from '../texts';

/**
 * Refunds due: the paid invoices of ads rejected before they went live. Billing has no credit
 * notes, so the money is paid back by hand and recorded here (audited); then the invoice leaves the list.
 */
export function RefundsDue() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const to = useLocalizedPath();
  const refunds = useRefundsDue();
  const made = useRefundMade();
  const items = refunds.data ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="moderation-refunds-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="moderation-refunds-title">
          {t('refunds.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('refunds.intro')}
        </Text>
        {refunds.isPending && <Loader size="sm" aria-label={t('refunds.loading')} />}
        {refunds.isError && (
          <Alert color="red" role="alert">
            {errorText(refunds.error)}
          </Alert>
        )}
        {refunds.isSuccess && items.length === 0 && <Text size="sm">{t('refunds.empty')}</Text>}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('refunds.number')}</Table.Th>
                  <Table.Th>{t('refunds.buyer')}</Table.Th>
                  <Table.Th>{t('refunds.amount')}</Table.Th>
                  <Table.Th>{t('refunds.paid')}</Table.Th>
                  <Table.Th>{t('refunds.rejected')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((refund) => (
                  <Table.Tr key={refund.invoiceId}>
                    <Table.Td>{refund.invoiceNumber}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{refund.buyerName}</Text>
                      {refund.buyerEmail && (
                        <Text size="xs" c="dimmed">
                          {refund.buyerEmail}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatEuros(refund.totalCents, language)}</Table.Td>
                    <Table.Td>{estonianDate(refund.paidAt)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <span>{estonianDate(refund.dueAt)}</span>
                        {refund.vacancyId && (
                          <Anchor component={Link} to={to(`/admin/moderation/vacancies/${refund.vacancyId}`)} size="sm">
                            {t('refunds.openAd')}
                          </Anchor>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={made.isPending}
                        aria-label={t('refunds.madeLabel', { number: refund.invoiceNumber })}
                        onClick={() =>
                          made.mutate(refund.invoiceId, { onSuccess: () => notifySuccess(t('refunds.done', { number: refund.invoiceNumber })) })
                        }
                      >
                        {t('refunds.made')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {made.isError && (
          <Alert color="red" role="alert">
            {errorText(made.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
